"""The rulebook as parsed from rules/<lang>/*.md: numbered cases, references, embeds, glossary."""

from dataclasses import dataclass, field

from builder.model.source import Location


@dataclass(frozen=True)
class Reference:
    """A cross reference written in a case (`see 6.23`)."""

    target: str
    at: Location


@dataclass(frozen=True)
class Embed:
    """A component drawn into the rulebook (`{chart: crt}`)."""

    kind: str
    target: str
    at: Location


@dataclass(frozen=True)
class Block:
    """One block of a case's body: a paragraph, list, table, fenced box or embed, as Markdown text."""

    kind: str
    text: str
    at: Location


@dataclass(frozen=True)
class Case:
    """A numbered section or case with its body."""

    number: str
    title: str
    level: int
    at: Location
    blocks: tuple[Block, ...] = ()
    references: tuple[Reference, ...] = ()
    embeds: tuple[Embed, ...] = ()
    numbers: tuple[str, ...] = ()

    @property
    def parts(self) -> tuple[int, ...]:
        """Return the case number as integers (`5.1.2` → (5, 1, 2))."""
        return tuple(int(p) for p in self.number.split("."))


@dataclass(frozen=True)
class GlossaryEntry:
    """A term and its definition."""

    term: str
    definition: str
    at: Location


@dataclass(frozen=True)
class Rulebook:
    """The rulebook in one language."""

    lang: str
    cases: tuple[Case, ...] = ()
    glossary: tuple[GlossaryEntry, ...] = ()
    preamble: tuple[Block, ...] = ()
    files: tuple[str, ...] = field(default=())

    def case_numbers(self) -> set[str]:
        """Return every case number in this rulebook."""
        return {case.number for case in self.cases}

    def blocks(self) -> tuple[Block, ...]:
        """Return every block of this rulebook, in order: the preamble's, then each case's."""
        return (*self.preamble, *(block for case in self.cases for block in case.blocks))
