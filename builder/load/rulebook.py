"""Read rules/<lang>/*.md into a Rulebook: numbered cases, blocks, references, embeds, glossary.

The conventions are in docs/rulebook-format.md.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from builder.load.yaml import read_text
from builder.model.rulebook import Block, Case, Embed, GlossaryEntry, Reference, Rulebook
from builder.diagnostics import Location

CASE_NUMBER = r"\d+(?:\.\d+)+"
_HEADING = re.compile(r"^(#{1,6})\s+(?:(" + CASE_NUMBER + r")\.?\s+)?(.*?)\s*#*\s*$")
_BOLD_CASE = re.compile(r"^\*\*(" + CASE_NUMBER + r")\.?\*\*\s*(.*)$")
_EMBED = re.compile(r"^\{(chart|counter|map):\s*([^}\s]+)\s*\}$")
_FENCE_OPEN = re.compile(r"^:::\s*(example|designer|note)\s*$")
_GLOSSARY = re.compile(r"^[-*]\s+\*\*(.+?)\*\*\s*[:\u2014-]\s*(.+)$")

SEE_WORDS = {
    "en": r"[Ss]ee(?: also)?|[Ss]ee cases?",
    "pt": r"(?:[Vv]er|[Vv]eja|V\.)(?: também)?",
    "pl": r"(?:[Zz]ob\.|[Pp]atrz)(?: (?:też|także|również))?",
}
"""The words for "see" (and "see also") that make a case number a reference, per language."""
_JOINERS = r"(?:\s*(?:,|;|and|or|e|ou|i|oraz|lub|a|&)\s*)"
_NUMBER_LIST = CASE_NUMBER + r"(?:" + _JOINERS + CASE_NUMBER + r")*"
_PAREN = re.compile(r"\(([^()]*)\)")
_TOKEN = re.compile(r"\d{1,3}(?:[ \u00a0\u202f]\d{3}(?!\d))+|\d+(?:[.,]\d+)*")
_THOUSANDS = re.compile(r"\d{1,3}(?:([ \u00a0\u202f.,])\d{3})(?:\1\d{3})*")
_LIST_MARKER = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+", re.MULTILINE)


_CASE_NUMBER = re.compile(CASE_NUMBER)
_ONLY_JOINERS = re.compile(r"(?:" + _JOINERS + r"|\s)*")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
_NOT_DIGIT = re.compile(r"\D")


@functools.cache
def _see_pattern(lang: str) -> re.Pattern[str]:
    words = "|".join(SEE_WORDS.values()) if lang not in SEE_WORDS else SEE_WORDS[lang]
    return re.compile(r"(?<![\w.])(?:" + words + r")\s+(" + _NUMBER_LIST + r")")


@functools.cache
def _see_words(lang: str) -> re.Pattern[str]:
    words = SEE_WORDS.get(lang, "")
    return re.compile(r"(?:" + words + r")" if words else r"$^")


def references_in(text: str, lang: str) -> list[tuple[str, int]]:
    """Return (case number, offset) for every cross reference written in `text`."""
    found: list[tuple[str, int]] = []
    for match in _see_pattern(lang).finditer(text):
        for number in _CASE_NUMBER.finditer(match.group(1)):
            found.append((number.group(0), match.start(1) + number.start()))
    if "(" not in text:  # most blocks: no bracket to read a bare case number in
        return found
    words = _see_words(lang)
    for match in _PAREN.finditer(text):
        inner = match.group(1)
        if not _CASE_NUMBER.search(inner):
            continue
        rest = words.sub("", _CASE_NUMBER.sub("", inner))
        if _ONLY_JOINERS.fullmatch(rest):
            for number in _CASE_NUMBER.finditer(inner):
                pair = (number.group(0), match.start(1) + number.start())
                if pair not in found:
                    found.append(pair)
    return sorted(found, key=lambda pair: pair[1])


def numbers_in(text: str, skip: set[int]) -> list[str]:
    """Return the numbers written in `text` (decimal commas read as points, thousands separators
    dropped, so that `1,000`, `1.000` and `1 000` agree), except at offsets in `skip`."""
    text = _LIST_MARKER.sub(lambda m: " " * len(m.group(0)), text)
    found = []
    for match in _TOKEN.finditer(text):
        if match.start() in skip:
            continue
        token = match.group(0)
        if _THOUSANDS.fullmatch(token):
            found.append(_NOT_DIGIT.sub("", token))
            continue
        if _DECIMAL_COMMA.fullmatch(token):
            token = token.replace(",", ".")
        found.extend(part for part in token.split(",") if part)
    return found


def _line_at(text: str, offset: int, first_line: int) -> tuple[int, int]:
    before = text[:offset]
    line = first_line + before.count("\n")
    column = offset - (before.rfind("\n") + 1) + 1
    return line, column


@dataclass
class _OpenCase:
    number: str
    title: str
    level: int
    at: Location
    blocks: list[Block] = field(default_factory=list)


class _Reader:
    """Splits one language's files into cases and blocks."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.cases: list[_OpenCase] = []
        self.preamble: list[Block] = []
        self.heading_level = 0

    def add_block(self, block: Block) -> None:
        (self.cases[-1].blocks if self.cases else self.preamble).append(block)

    def read_file(self, path: Path) -> None:
        lines = read_text(path).splitlines()
        index = 0
        while index < len(lines):
            index = self.read_block(path, lines, index)

    def read_block(self, path: Path, lines: list[str], index: int) -> int:
        line = lines[index]
        at = Location(path, index + 1, 1)
        if not line.strip():
            return index + 1
        heading = _HEADING.match(line)
        if heading:
            level, number, title = len(heading.group(1)), heading.group(2), heading.group(3)
            if number:
                self.heading_level = level
                self.cases.append(_OpenCase(number, title, level, at))
            else:
                self.add_block(Block("heading", line, at))
            return index + 1
        fence = _FENCE_OPEN.match(line.strip())
        if fence:
            end = index + 1
            while end < len(lines) and lines[end].strip() != ":::":
                end += 1
            self.add_block(Block(fence.group(1), "\n".join(lines[index + 1:end]), Location(path, index + 2, 1)))
            return end + 1
        if line.startswith("```"):
            end = index + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            self.add_block(Block("code", "\n".join(lines[index + 1:end]), at))
            return end + 1
        bold = _BOLD_CASE.match(line)
        if bold:
            self.cases.append(_OpenCase(bold.group(1), "", self.heading_level + 1, at))
            line = bold.group(2)
            lines[index] = line
            if not line.strip():
                return index + 1
        end = index + 1
        while end < len(lines) and lines[end].strip() and not _HEADING.match(lines[end]) \
                and not _BOLD_CASE.match(lines[end]) and not _FENCE_OPEN.match(lines[end].strip()):
            end += 1
        text = "\n".join(lines[index:end])
        self.add_block(Block(_block_kind(text), text, at))
        return end

    def finish(self) -> tuple[tuple[Case, ...], tuple[Block, ...]]:
        return tuple(self.close(case) for case in self.cases), tuple(self.preamble)

    def close(self, case: _OpenCase) -> Case:
        references: list[Reference] = []
        embeds: list[Embed] = []
        numbers: list[str] = []
        for block in case.blocks:
            if block.kind == "embed":
                kind, target = _EMBED.match(block.text.strip()).groups()
                embeds.append(Embed(kind, target, block.at))
                continue
            found = references_in(block.text, self.lang)
            for target, offset in found:
                line, column = _line_at(block.text, offset, block.at.line)
                references.append(Reference(target, Location(block.at.file, line, column)))
            numbers.extend(numbers_in(block.text, {offset for _, offset in found}))
        for target, offset in references_in(case.title, self.lang):
            references.append(Reference(target, Location(case.at.file, case.at.line, offset + 1)))
        return Case(case.number, case.title, case.level, case.at, tuple(case.blocks), tuple(references),
                    tuple(embeds), tuple(numbers_in(case.title, set()) + numbers))


def _block_kind(text: str) -> str:
    first = text.lstrip()
    if _EMBED.match(text.strip()):
        return "embed"
    if first.startswith("|"):
        return "table"
    if re.match(r"^(?:[-*+]|\d+[.)])\s", first):
        return "list"
    return "paragraph"


def read_glossary(path: Path) -> tuple[GlossaryEntry, ...]:
    """Return the glossary entries of one glossary.md."""
    entries = []
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        match = _GLOSSARY.match(line.strip())
        if match:
            entries.append(GlossaryEntry(match.group(1), match.group(2), Location(path, number, 1)))
    return tuple(entries)


def read_rulebook(folder: Path) -> Rulebook:
    """Return the rulebook written in `folder` (rules/<lang>/)."""
    lang = folder.name
    reader = _Reader(lang)
    files = sorted(p for p in folder.glob("*.md") if p.name != "glossary.md")
    for path in files:
        reader.read_file(path)
    cases, preamble = reader.finish()
    glossary_path = folder / "glossary.md"
    glossary = read_glossary(glossary_path) if glossary_path.is_file() else ()
    return Rulebook(lang, cases, glossary, preamble, tuple(p.name for p in files))
