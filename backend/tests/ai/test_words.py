"""Words quoted back to people are whole words: Chinese through jieba, not character pairs."""

from __future__ import annotations

from slidewright.ai import matching, words
from slidewright.ai.providers.offline.outline import topics_from_text
from slidewright.ai.tasks import TemplateSlideBrief


def test_chinese_is_cut_into_words_not_pairs() -> None:
    found = words.words("管理层关注的关键要点")
    assert "管理层" in found and "关键" in found
    assert "理层" not in found and "键要" not in found


def test_latin_words_and_stopwords() -> None:
    assert words.words("The revenue of the Q3 review") == ["revenue", "q3", "review"]


def test_a_matching_reason_quotes_whole_chinese_words() -> None:
    slide = TemplateSlideBrief(
        slide_number=4, kind="bullets", description="面向管理层的关键要点列表"
    )
    choice = matching.choose("管理层需要了解的关键要点", "bullets", [slide])
    assert choice is not None
    assert "管理层" in choice.words
    reason = matching.reason(choice, "bullets", "zh-CN")
    assert "理层" not in reason.replace("管理层", "")


def test_directions_in_an_instruction_are_not_topics() -> None:
    topics = topics_from_text(
        "Show it as a two-column comparison. Keep it to three bullets per slide. "
        "Add a slide about pricing.",
        "Hiring plan, the new office and the training budget",
    )
    titles = [topic.title for topic in topics]
    assert titles == ["pricing", "Hiring plan", "the new office", "the training budget"]
