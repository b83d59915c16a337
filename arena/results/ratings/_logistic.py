"""The logistic scale every rating model shares: Elo points to natural units, and the
numerically stable logistic functions of the likelihoods."""

from __future__ import annotations

import math

import numpy as np

__all__ = ["C", "log_sigmoid", "sigmoid"]

C = math.log(10.0) / 400.0  # natural-log strength per Elo point


def log_sigmoid(z: np.ndarray) -> np.ndarray:
    return -np.logaddexp(0.0, -z)


def sigmoid(z: np.ndarray) -> np.ndarray:
    return np.exp(log_sigmoid(z))
