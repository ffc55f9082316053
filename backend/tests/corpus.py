"""Locate the shared test corpus (real PPTX/DOCX files from public test suites).

The corpus lives in `../shared/corpus` beside the project root and is never copied into the
project; tests that need it skip with a message when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIR = PROJECT_ROOT.parent / "shared" / "corpus"


def corpus_files(kind: str) -> list[Path]:
    """Every corpus file of a kind ('pptx' or 'docx'), sorted; empty when the corpus is absent."""
    folder = CORPUS_DIR / kind
    return sorted(folder.glob(f"*.{kind}")) if folder.is_dir() else []


def require_corpus(kind: str) -> list[Path]:
    files = corpus_files(kind)
    if not files:
        pytest.skip(f"corpus folder {CORPUS_DIR / kind} is absent")
    return files
