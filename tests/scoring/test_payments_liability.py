"""Liability ("insurance") settlements: who pays for a hand someone else fed."""

from __future__ import annotations

from sikwu.scoring.hand import Hand, Meld
from sikwu.scoring.payments import settle
from sikwu.scoring.profile import load_profile
from sikwu.scoring.scorer import score_hand


def points(profile: str, faan: int) -> int:
    return load_profile(profile).payment.points.points(faan)


def settled(hand: Hand, profile: str):
    score = score_hand(hand, profile)
    return score, settle(score, profile)


# ---- Sparrow's Nest -------------------------------------------------------------------------------------------

TWELVE_TILE_MELDS = (
    Meld.pung("7z", fed_by=3),
    Meld.pung("6z", fed_by=1),
    Meld.chow("1m", fed_by=1),
    Meld.pung("9m", fed_by=4),  # fourth exposed meld, fed by North
)


def test_twelve_tile_insurance_feeder_of_fourth_meld_pays_all_on_self_draw() -> None:
    """Sparrow's Nest, Liability Payments, 12 Tile Insurance: the discarder of the tile that formed the fourth
    revealed group is responsible for the hand "only if it wins by self draw"."""
    hand = Hand(("4p", "4p"), TWELVE_TILE_MELDS, winning_tile="4p", self_drawn=True, seat=2)
    score, st = settled(hand, "sparrows-nest")
    total = 3 * points("sparrows-nest", score.faan)
    assert st.payments == {1: 0, 2: total, 3: 0, 4: -total}
    assert st.liable is not None and st.liable.seat == 4 and st.liable.rule == "twelve_tile"


def test_twelve_tile_insurance_does_not_apply_to_a_discard_win() -> None:
    """Sparrow's Nest, 12 Tile Insurance: on a discard the discarder pays as usual."""
    hand = Hand(("4p", "4p"), TWELVE_TILE_MELDS, winning_tile="4p", seat=2, discarder=1)
    score, st = settled(hand, "sparrows-nest")
    discard = 2 * points("sparrows-nest", score.faan)
    assert st.payments == {1: -discard, 2: discard, 3: 0, 4: 0}


def test_concealed_kong_is_not_a_claimed_meld_for_twelve_tile_insurance() -> None:
    """12 Tile Insurance needs four groups formed "by calling Pung/Soeng/Gong"; a concealed kong is not called."""
    melds = (*TWELVE_TILE_MELDS[:3], Meld.kong("9m", "concealed"))
    hand = Hand(("4p", "4p"), melds, winning_tile="4p", self_drawn=True, seat=2)
    score, st = settled(hand, "sparrows-nest")
    each = points("sparrows-nest", score.faan)
    assert st.payments == {1: -each, 2: 3 * each, 3: -each, 4: -each}
    assert st.liable is None


BTD_MELDS = (Meld.pung("5z", fed_by=1), Meld.pung("6z", fed_by=3), Meld.pung("7z", fed_by=4))


def test_big_three_dragons_feeder_pays_all_on_self_draw() -> None:
    """Sparrow's Nest, Liability Payments, Big Three Dragons: the player who fed the third dragon pung "becomes
    responsible for this player's hand"."""
    hand = Hand(("1m", "2m", "3m", "4p", "4p"), BTD_MELDS, winning_tile="4p", self_drawn=True, seat=2)
    score, st = settled(hand, "sparrows-nest")
    total = 3 * points("sparrows-nest", score.faan)
    assert st.payments == {1: 0, 2: total, 3: 0, 4: -total}


def test_big_three_dragons_won_on_another_players_discard_is_split_evenly() -> None:
    """Big Three Dragons: "If this hand is won by discard from a player other than the liable player, both the
    liable player and the player who discarded the winning tile split the payment for the hand evenly"."""
    hand = Hand(("1m", "2m", "3m", "4p", "4p"), BTD_MELDS, winning_tile="4p", seat=2, discarder=1)
    score, st = settled(hand, "sparrows-nest")
    half = points("sparrows-nest", score.faan)  # discard value is 2x the table; each pays half of it
    assert st.payments == {1: -half, 2: 2 * half, 3: 0, 4: -half}


def test_earliest_liability_stands_when_a_later_condition_is_met() -> None:
    """Sparrow's Nest, Liability Payments: "Once a player is liable for another's hand, no player will become liable
    for that same hand if another liability condition is met" -- North fed the third dragon before West fed the
    fourth meld."""
    melds = (*BTD_MELDS, Meld.chow("1m", fed_by=1))
    hand = Hand(("4p", "4p"), melds, winning_tile="4p", self_drawn=True, seat=2)
    score, st = settled(hand, "sparrows-nest")
    assert st.liable is not None and st.liable.seat == 4 and st.liable.rule == "big_three_dragons"


def south_wins_on_replacement_of_kong_fed_by_west() -> Hand:
    """South self-draws the winning tile as the replacement for an exposed kong of 3s made from West's discard."""
    melds = (Meld.pung("7z", fed_by=1), Meld.kong("3s", "exposed", fed_by=3))
    return Hand(
        ("1m", "2m", "3m", "4p", "5p", "6p", "9p", "9p"),
        melds,
        winning_tile="9p",
        self_drawn=True,
        events=frozenset({"kong_replacement"}),
        seat=2,
    )


def test_self_draw_after_a_kong_fed_by_a_discard_feeder_pays_all() -> None:
    """Sparrow's Nest, Liability Payments, Self Draw After Gong: "If a player makes a Gong call on another player's
    discard and then self draws their winning tile, the player who discarded the claimed tile becomes responsible"."""
    hand = south_wins_on_replacement_of_kong_fed_by_west()
    score, st = settled(hand, "sparrows-nest")
    total = 3 * points("sparrows-nest", score.faan)
    assert st.payments == {1: 0, 2: total, 3: -total, 4: 0}
    assert st.liable is not None and st.liable.rule == "kong_self_draw"


def test_robbing_a_kong_is_valued_as_self_draw_and_the_konger_pays_all_three() -> None:
    """Sparrow's Nest, Robbing Gong: "The hand is valued as a self draw except the player who called Gong is
    responsible for all three payments"."""
    hand = Hand(
        ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "6m", "7m", "8m", "7z", "7z"),
        (),
        winning_tile="8m",
        events=frozenset({"robbing_kong"}),
        seat=2,
        discarder=4,
    )
    score, st = settled(hand, "sparrows-nest")
    total = 3 * points("sparrows-nest", score.faan)
    assert st.payments == {1: 0, 2: total, 3: 0, 4: -total}


# ---- HK Old Style (mahjong-basics-and-hk-old-style-scoring.md) ------------------------------------------------


def test_old_style_v3_kong_discarder_pays_three_times() -> None:
    """Variant 3, Variations: "if the discarded tile is used to promote a big melded kong, and the replacement tile
    is the winning tile, the discarder pays three times the winner's score"."""
    hand = south_wins_on_replacement_of_kong_fed_by_west()
    score, st = settled(hand, "old-style-v3")
    assert st.payments == {1: 0, 2: 3 * st.points, 3: -3 * st.points, 4: 0}


FLUSH_MELDS = (
    Meld.chow("1p", fed_by=1),
    Meld.chow("4p", fed_by=1),
    Meld.pung("9p", fed_by=4),
    Meld.pung("7p", fed_by=3),
)


def test_old_style_full_flush_insurance_self_drawn_feeder_pays_three_times() -> None:
    """Old Style Insurance Penalties, Full Flush: A's discard completed the fourth set but was not the winning tile;
    "If Player B draws the winning tile, Player A pays the full value for himself and all other players. (This
    totals to three times the full score)"."""
    hand = Hand(("5p", "5p"), FLUSH_MELDS, winning_tile="5p", self_drawn=True, seat=2)
    score, st = settled(hand, "old-style-v3")
    assert st.payments == {1: 0, 2: 3 * st.points, 3: -3 * st.points, 4: 0}


def test_old_style_full_flush_insurance_feeder_discards_winning_tile_pays_two_times() -> None:
    """Full Flush insurance: "If Player A subsequently discards the winning tile ... Player A pays for himself and
    all other players. (This totals to two times the full score)"."""
    hand = Hand(("5p", "5p"), FLUSH_MELDS, winning_tile="5p", seat=2, discarder=3)
    score, st = settled(hand, "old-style-v3")
    assert st.payments == {1: 0, 2: 2 * st.points, 3: -2 * st.points, 4: 0}


def test_old_style_full_flush_insurance_third_player_discards_both_pay_the_full_score() -> None:
    """Full Flush insurance: "If Player C discards the winning tile, Player A and C pay the winner the value of the
    full score each"."""
    hand = Hand(("5p", "5p"), FLUSH_MELDS, winning_tile="5p", seat=2, discarder=1)
    score, st = settled(hand, "old-style-v3")
    assert st.payments == {1: -st.points, 2: 2 * st.points, 3: -st.points, 4: 0}


def test_old_style_big_three_dragons_discarder_of_third_dragon_pays_for_everyone() -> None:
    """Old Style Insurance Penalties, Big Three Dragons: A discards the dragon that completes B's winning hand and
    third dragon pung (B had two melded dragon pungs): "Player A pays ... for himself and the other two players" --
    under variant 1 that is the discarder's 2x plus the others' 1x each."""
    melds = (Meld.pung("5z", fed_by=1), Meld.pung("6z", fed_by=4), Meld.chow("1m", fed_by=1))
    hand = Hand(("7z", "7z", "7z", "4p", "4p"), melds, winning_tile="7z", seat=2, discarder=3)
    score, st = settled(hand, "old-style-v1")
    assert st.payments == {1: 0, 2: 4 * st.points, 3: -4 * st.points, 4: 0}
    assert st.liable is not None and st.liable.rule == "big_three_dragons"


def test_chinese_classical_kong_claim_of_a_dangerous_tile_is_not_penalised() -> None:
    """four-winds-chinese-classical-penalties.txt, 4.2: "Claiming a dangerous discard for a Kong does not result in
    applying insurance penalties" (folded into the old-style-cheat-sheet profile)."""
    melds = (Meld.pung("5z", fed_by=1), Meld.pung("6z", fed_by=4), Meld.kong("7z", "exposed", fed_by=3))
    hand = Hand(("1m", "2m", "3m", "4p", "4p"), melds, winning_tile="4p", self_drawn=True, seat=2)
    score, st = settled(hand, "old-style-cheat-sheet")
    assert st.liable is None
    each = 2 * st.points
    assert st.payments == {1: -each, 2: 3 * each, 3: -each, 4: -each}


def test_chinese_classical_little_three_dragons_on_a_dangerous_discard_discarder_pays_for_all_losers() -> None:
    """Chinese Classical 4.2: two exposed dragon sets, a dragon discard lets the player go out with Little Three
    Dragons -- the discarder "must pay for all losers"."""
    melds = (Meld.pung("5z", fed_by=1), Meld.pung("6z", fed_by=4), Meld.chow("1m", fed_by=1))
    hand = Hand(("2p", "3p", "4p", "7z", "7z"), melds, winning_tile="7z", seat=2, discarder=3)
    score, st = settled(hand, "old-style-cheat-sheet")
    assert st.liable is not None and st.liable.seat == 3
    assert st.payments == {1: 0, 2: 4 * st.points, 3: -4 * st.points, 4: 0}
