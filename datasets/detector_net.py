"""The tile detector network (CenterNet-style, one class) and its ONNX round trip.

Why a separate module: the training loop (``train_detector``) and the one-command run (``train_all``) both build,
export and reload this net; keeping the architecture here keeps each of them small.
"""

from __future__ import annotations

from pathlib import Path

#: Letterboxed square input and the output stride of the heatmap.
INPUT_SIZE, STRIDE = 320, 4
#: The heads' first layer: ``full`` is a 3 x 3 convolution over all 48 channels (each head about 88 M multiply-adds
#: at stride 4, well over half the net's); ``light`` is a depthwise 3 x 3 then a 1 x 1 (about 13 M), the encoder's
#: own block. The heads read the same merged features either way.
HEADS = ("full", "light")


def build_model(heads: str = "full"):
    """The detector net with ``heads`` (``HEADS``) on its stride-4 features."""
    if heads not in HEADS:
        raise ValueError(f"unknown detector heads {heads!r}: one of {', '.join(HEADS)}")
    import torch
    from torch import nn

    def cbr(cin, cout, k=3, s=1):
        conv = nn.Conv2d(cin, cout, k, s, k // 2, bias=False)
        return nn.Sequential(conv, nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    def dws(cin, cout, s=1):
        return nn.Sequential(
            nn.Conv2d(cin, cin, 3, s, 1, groups=cin, bias=False),
            nn.BatchNorm2d(cin),
            nn.ReLU(inplace=True),
            nn.Conv2d(cin, cout, 1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )

    class Net(nn.Module):
        """Encoder to stride 32 (receptive field covers a close-up tile), two upsampling merges back to stride 4."""

        def __init__(self) -> None:
            super().__init__()
            self.register_buffer("mean", torch.tensor([0.5, 0.5, 0.5]).view(1, 3, 1, 1))
            self.register_buffer("std", torch.tensor([0.25, 0.25, 0.25]).view(1, 3, 1, 1))
            self.s2 = nn.Sequential(cbr(3, 16, 3, 2))  # 160
            self.s4 = nn.Sequential(dws(16, 32, 2), dws(32, 32))  # 80
            self.s8 = nn.Sequential(dws(32, 64, 2), dws(64, 64))  # 40
            self.s16 = nn.Sequential(dws(64, 96, 2), dws(96, 96), dws(96, 96))  # 20
            self.s32 = nn.Sequential(dws(96, 128, 2), dws(128, 128))  # 10
            self.lat16 = cbr(128 + 96, 96, 1)
            self.lat8 = cbr(96 + 64, 64, 1)
            self.lat4 = cbr(64 + 32, 48, 1)
            self.ref = dws(48, 48)
            first = dws if heads == "light" else cbr
            self.heat = nn.Sequential(first(48, 32), nn.Conv2d(32, 1, 1))
            self.box = nn.Sequential(first(48, 32), nn.Conv2d(32, 4, 1))
            self.heat[-1].bias.data.fill_(-2.19)

        def forward(self, x):
            up = nn.functional.interpolate
            x = (x - self.mean) / self.std
            f4 = self.s4(self.s2(x))
            f8 = self.s8(f4)
            f16 = self.s16(f8)
            f32 = self.s32(f16)
            y = self.lat16(torch.cat([up(f32, scale_factor=2.0, mode="nearest"), f16], 1))
            y = self.lat8(torch.cat([up(y, scale_factor=2.0, mode="nearest"), f8], 1))
            y = self.lat4(torch.cat([up(y, scale_factor=2.0, mode="nearest"), f4], 1))
            y = self.ref(y)
            logits = self.heat(y)
            b = self.box(y)
            size = torch.exp(b[:, :2].clamp(-4, 4)) * 32.0  # box w, h in input pixels
            offset = torch.sigmoid(b[:, 2:])
            return logits, size, offset

    return Net()


def load_onnx_weights(model, path: Path) -> None:
    """Load an exported detector back into the net. The exporter folds each BatchNorm into its convolution, so the
    conv takes the folded weights and its BatchNorm becomes an identity plus the folded bias (kept frozen)."""
    import onnx
    import torch
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    for node in graph.node:  # the exporter shares equal tensors (a fresh net's zero biases) through Identity nodes
        if node.op_type == "Identity" and node.input[0] in init:
            init[node.output[0]] = init[node.input[0]]
    convs = [n for n in graph.node if n.op_type == "Conv"]
    mods = [m for m in model.modules() if isinstance(m, torch.nn.Conv2d)]
    if len(convs) != len(mods):
        raise ValueError(f"{path}: {len(convs)} convolutions, the net has {len(mods)}")
    bns = {}
    for parent in model.modules():
        kids = list(parent.children())
        for a, b in zip(kids, kids[1:], strict=False):
            if isinstance(a, torch.nn.Conv2d) and isinstance(b, torch.nn.BatchNorm2d):
                bns[id(a)] = b
    with torch.no_grad():
        for node, conv in zip(convs, mods, strict=True):
            w = torch.from_numpy(init[node.input[1]].copy())
            bias = torch.from_numpy(init[node.input[2]].copy()) if len(node.input) > 2 else torch.zeros(w.shape[0])
            conv.weight.copy_(w)
            if id(conv) in bns:
                bn = bns[id(conv)]
                bn.weight.fill_(1.0)
                bn.bias.copy_(bias)
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
            else:
                conv.bias.copy_(bias)


def freeze_batchnorm(model) -> None:
    import torch

    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.eval()


class Exportable:
    """Wraps the net so the ONNX graph outputs a probability heatmap (post-processing needs no sigmoid)."""

    @staticmethod
    def wrap(model):
        import torch
        from torch import nn

        class Wrapped(nn.Module):
            def __init__(self, inner) -> None:
                super().__init__()
                self.inner = inner

            def forward(self, x):
                logits, size, offset = self.inner(x)
                return torch.sigmoid(logits), size, offset

        return Wrapped(model)


def export_onnx(model, path: Path, metadata: dict[str, str]) -> None:
    import onnx
    import torch

    model.eval()
    wrapped = Exportable.wrap(model).eval()
    dummy = torch.zeros(1, 3, INPUT_SIZE, INPUT_SIZE)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.onnx")
    torch.onnx.export(
        wrapped,
        dummy,
        str(tmp),
        input_names=["image"],
        output_names=["heatmap", "size", "offset"],
        opset_version=17,
        dynamo=False,
    )
    m = onnx.load(str(tmp))
    for k, v in metadata.items():
        entry = m.metadata_props.add()
        entry.key, entry.value = k, v
    onnx.save(m, str(path))
    tmp.unlink()
