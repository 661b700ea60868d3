"""The detector recipe's schedule: small samples first, then full size with more real photos."""

from sikwu.datasets.train_detector import Recipe


def test_first_steps_use_small_samples_a_multiple_of_32() -> None:
    recipe = Recipe(small_share=0.6, small_scale=0.8)
    assert recipe.sample_size(0, 1000, 320) == 256
    assert recipe.sample_size(599, 1000, 320) == 256


def test_last_steps_use_the_size_the_model_runs_at() -> None:
    assert Recipe(small_share=0.6).sample_size(600, 1000, 320) == 320


def test_synthetic_share_drops_when_samples_reach_full_size() -> None:
    recipe = Recipe(synth_share=0.5, final_synth_share=0.35, small_share=0.6)
    assert recipe.synth_share_at(0, 1000) == 0.5
    assert recipe.synth_share_at(599, 1000) == 0.5
    assert recipe.synth_share_at(600, 1000) == 0.35
