"""The tile classifier network: a compact VGG-style CNN sized for 2 ms/crop on a laptop CPU.

Why this shape: tiles that look alike (7/8/9 bamboo, 8/9 dots, 萬 characters, flowers vs seasons) differ in small
strokes, so the net keeps full resolution for its first block and widens late, where the spatial size is small and
convolutions are cheap. BatchNorm folds into the convolutions at ONNX export, so inference is plain conv+ReLU.
"""

from __future__ import annotations

import torch
from torch import nn

#: (output channels, convolutions) per stage; each stage ends with a 2x2 max-pool.
STAGES: tuple[tuple[int, int], ...] = ((16, 1), (32, 1), (64, 2), (128, 2), (192, 1))


def _conv(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TileNet(nn.Module):
    def __init__(self, num_classes: int, in_channels: int = 3, stages: tuple[tuple[int, int], ...] = STAGES) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        cin = in_channels
        for cout, n in stages:
            for _ in range(n):
                layers.append(_conv(cin, cout))
                cin = cout
            layers.append(nn.MaxPool2d(2))
        self.features = nn.Sequential(*layers)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(cin, num_classes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))
