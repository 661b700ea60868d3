"""Expose the tile classifier's embedding (the pooled features its last layer reads) as extra ONNX outputs.

Why: teaching sikwu a player's tile set (``vision.tile_sets``, ``vision.set_head``) stores crops in the space the
classifier's last, linear layer works in, and refits that layer's rows on them. The graph gains three outputs
after ``logits`` - ``embedding`` (N, D), ``head_weight`` (C, D) and ``head_bias`` (C) - so ``logits`` stays output 0
and code that reads only it is unchanged. No weights are added; the file grows by a few hundred bytes.

Needs the ``onnx`` package (the ``train`` extra): ``python -m sikwu.models.embedding [MODEL]`` rewrites the model in
place; ``sikwu train`` should call ``add_embedding_outputs`` after export.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EMBEDDING = "embedding"
HEAD_WEIGHT = "head_weight"
HEAD_BIAS = "head_bias"
OUTPUTS = (EMBEDDING, HEAD_WEIGHT, HEAD_BIAS)


def add_embedding_outputs(src: Path, dst: Path | None = None) -> Path:
    """Add the embedding and last-layer outputs to the classifier at ``src`` (written to ``dst``, default in place)."""
    import onnx
    from onnx import TensorProto, helper

    model = onnx.load(str(src))
    graph = model.graph
    if {o.name for o in graph.output} >= set(OUTPUTS):
        return src
    logits = graph.output[0].name
    head = next((n for n in graph.node if logits in n.output), None)
    if head is None or head.op_type != "Gemm":
        raise ValueError(f"{src}: the node producing {logits!r} is not a Gemm (linear layer); cannot expose it")
    attrs = {a.name: helper.get_attribute_value(a) for a in head.attribute}
    if attrs.get("transA", 0) or not attrs.get("transB", 0) or attrs.get("alpha", 1.0) != 1.0:
        raise ValueError(f"{src}: the last layer is not logits = x @ W.T + b; cannot expose it")
    feats, weight, bias = head.input[0], head.input[1], head.input[2]
    inits = {i.name: i for i in graph.initializer}
    n_classes, dim = inits[weight].dims
    graph.node.extend(
        [
            helper.make_node("Identity", [feats], [EMBEDDING], name="embedding_out"),
            helper.make_node("Identity", [weight], [HEAD_WEIGHT], name="head_weight_out"),
            helper.make_node("Identity", [bias], [HEAD_BIAS], name="head_bias_out"),
        ]
    )
    graph.output.extend(
        [
            helper.make_tensor_value_info(EMBEDDING, TensorProto.FLOAT, ["batch", dim]),
            helper.make_tensor_value_info(HEAD_WEIGHT, TensorProto.FLOAT, [n_classes, dim]),
            helper.make_tensor_value_info(HEAD_BIAS, TensorProto.FLOAT, [n_classes]),
        ]
    )
    onnx.checker.check_model(model)
    out = dst or src
    onnx.save(model, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    from sikwu.models import CLASSIFIER_PATH

    p = argparse.ArgumentParser(prog="python -m sikwu.models.embedding", description=__doc__.splitlines()[0])
    p.add_argument("model", nargs="?", type=Path, default=CLASSIFIER_PATH, help="classifier ONNX (default: shipped)")
    args = p.parse_args(argv)
    try:
        add_embedding_outputs(args.model)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.model}: outputs logits, {', '.join(OUTPUTS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
