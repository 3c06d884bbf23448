"""End to end: `sandtable new`, then `sandtable watch`, seen in headless Chromium while a file is edited."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from tests.conftest import run_cli
from tests.preview.conftest import Watch, watching

WAIT_S = 30.0
"""The longest any one step may take: a rebuild of the starter game takes about a second."""

UNKNOWN_PLACE = 'li.diagnostic[data-rule="ref/unknown-place"]'


def _status(driver: WebDriver) -> dict:
    return driver.execute_script(
        "const s = document.getElementById('status').dataset;"
        "return {status: s.status, generation: Number(s.generation), shown: s.shown,"
        " diagnostics: document.querySelectorAll('li.diagnostic').length};")


def _loaded_images(driver: WebDriver, section: str) -> int:
    """Return how many images of a section have loaded (an image that failed has no natural width)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' img')]"
        ".filter(img => img.complete && img.naturalWidth > 0).length;", f"#section-{section}")


def _until(wait: WebDriverWait, condition: Callable[[WebDriver], Any], what: str, watch: Watch) -> Any:
    """Wait for `condition`; on timeout fail with what the page lacked and what `sandtable watch` printed."""
    try:
        return wait.until(condition)
    except TimeoutException:
        pytest.fail(f"the page showed no {what} within {WAIT_S} s; sandtable watch printed:\n{watch.output}")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _where(path: Path, needle: str) -> str:
    """Return `line:column` of the first `needle` in the file, 1-based."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return f"{number}:{line.index(needle) + 1}"
    raise AssertionError(needle)


def test_preview_shows_a_broken_reference_and_its_fix_without_a_reload(tmp_path: Path, browser: WebDriver) -> None:
    assert run_cli("new", "skirmish", "--dir", str(tmp_path)).code == 0
    game = tmp_path / "skirmish"
    scenario = game / "scenarios" / "first-battle.yaml"
    wait = WebDriverWait(browser, WAIT_S, poll_frequency=0.1)
    with watching(game) as watch:
        browser.get(watch.url)
        _until(wait, lambda d: _status(d)["status"] == "ok", "first build", watch)
        for section in ("counters", "map", "charts", "rulebook", "setup"):
            _until(wait, lambda d, s=section: _loaded_images(d, s) > 0, f"image in {section}", watch)
        assert browser.find_elements(By.CSS_SELECTOR, '#section-rulebook a[href$="rules-en-a4.pdf"]')
        # A reload would forget this; the page must update in place.
        browser.execute_script("window.sandtableSamePage = true;")

        _edit(scenario, "place: crossroads}", "place: crosroads}")
        (found,) = _until(wait, lambda d: d.find_elements(By.CSS_SELECTOR, UNKNOWN_PLACE), "diagnostic", watch)
        where = f"scenarios/first-battle.yaml:{_where(scenario, 'crosroads')}"
        assert found.find_element(By.CSS_SELECTOR, ".where").text == where
        assert '"crosroads"' in found.text and 'did you mean "crossroads"?' in found.text
        broken = _status(browser)
        assert broken["status"] == "errors" and broken["shown"] == "1"  # the last good preview stays
        assert _loaded_images(browser, "map") > 0

        _edit(scenario, "place: crosroads}", "place: crossroads}")
        _until(wait, lambda d: _status(d)["status"] == "ok" and _status(d)["diagnostics"] == 0, "clean build", watch)
        fixed = _status(browser)
        assert fixed["generation"] > broken["generation"] and fixed["shown"] == str(fixed["generation"])
        _until(wait, lambda d: _loaded_images(d, "map") > 0, "new map image", watch)
        assert browser.execute_script("return window.sandtableSamePage === true;")
        assert watch.interrupt() == 0
    assert "stopped" in watch.output


def _map_sources(driver: WebDriver) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('#section-map img')].map(img => img.src);")


def test_the_language_switch_shows_one_edition_at_a_time(tmp_path: Path, browser: WebDriver) -> None:
    assert run_cli("new", "skirmish", "--dir", str(tmp_path)).code == 0
    game = tmp_path / "skirmish"
    _edit(game / "game.yaml", "languages: [en]", "languages: [en, pl]")
    wait = WebDriverWait(browser, WAIT_S, poll_frequency=0.1)
    with watching(game) as watch:
        browser.get(watch.url)
        _until(wait, lambda d: _status(d)["status"] == "ok", "first build", watch)
        switch = browser.find_element(By.ID, "language-switch")
        assert switch.is_displayed()
        options = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, "#language option")]
        assert options == ["en", "pl"]
        shown = _until(wait, lambda d: _map_sources(d), "map image", watch)
        assert shown and all(src.endswith("-en.svg") for src in shown)
        browser.execute_script("const s = document.getElementById('language'); s.value = 'pl';"
                               "s.dispatchEvent(new Event('change'));")
        shown = _map_sources(browser)
        assert shown and all(src.endswith("-pl.svg") for src in shown)
        links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#section-setup a")]
        assert links and all(re.search(r"-pl-(a4|letter)\.pdf$", link) for link in links)  # a card per paper
        assert watch.interrupt() == 0
