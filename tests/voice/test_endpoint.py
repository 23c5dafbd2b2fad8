"""The endpointer: bursts neither start nor end turns; the silence needed follows the transcript tail."""

from __future__ import annotations

from teller.voice.audio import FRAME_MS
from teller.voice.endpoint import Endpointer, Event, Kind
from teller.voice.settings import VoiceSettings
from teller.voice.slots import Tail


def _frames(ms: float) -> int:
    return round(ms / FRAME_MS)


def _run(pattern: list[tuple[bool, float]], tail: Tail = Tail.NEUTRAL) -> list[Event]:
    ep = Endpointer(VoiceSettings())
    events: list[Event] = []
    for speech, ms in pattern:
        for _ in range(_frames(ms)):
            events.extend(ep.push(speech, tail))
    return events + ep.flush()


def test_noise_burst_does_not_start_a_turn() -> None:
    """A 64 ms burst in silence produces no events at all."""
    assert _run([(False, 500), (True, 64), (False, 1000)]) == []


def test_turn_ends_after_default_silence() -> None:
    """One second of speech then silence: start, pause at ~160 ms, end at ~400 ms of silence."""
    events = _run([(False, 320), (True, 1000), (False, 1000)])
    assert [e.kind for e in events] == [Kind.START, Kind.PAUSE, Kind.END]
    end = events[-1]
    assert 380 <= end.at_ms - end.speech_end_ms <= 440
    assert abs(end.speech_start_ms - 320) <= FRAME_MS


def test_burst_inside_the_pause_neither_resumes_nor_delays_the_end() -> None:
    """A short click 200 ms into the pause: no resume, and the turn still ends ~400 ms after speech."""
    events = _run([(True, 800), (False, 192), (True, 64), (False, 1000)])
    kinds = [e.kind for e in events]
    assert Kind.RESUME not in kinds and kinds.count(Kind.END) == 1
    end = events[-1]
    assert end.at_ms - end.speech_end_ms <= 440


def test_speech_after_a_pause_resumes_the_same_turn() -> None:
    """A 300 ms pause with the default 400 ms silence stays one turn with a resume."""
    events = _run([(True, 800), (False, 300), (True, 800), (False, 1000)])
    assert [e.kind for e in events] == [Kind.START, Kind.PAUSE, Kind.RESUME, Kind.PAUSE, Kind.END]


def test_open_tail_holds_the_turn_longer() -> None:
    """Mid-amount (open tail) a 700 ms pause does not end the turn; neutral it does."""
    pattern = [(True, 800), (False, 700), (True, 800), (False, 1500)]
    held = [e.kind for e in _run(pattern, Tail.OPEN)]
    plain = [e.kind for e in _run(pattern, Tail.NEUTRAL)]
    assert held.count(Kind.END) == 1 and held.count(Kind.START) == 1
    assert plain.count(Kind.END) == 2


def test_complete_tail_ends_sooner() -> None:
    """After a complete command the turn ends at ~240 ms of silence, not 400."""
    end = _run([(True, 800), (False, 1000)], Tail.COMPLETE)[-1]
    assert end.kind is Kind.END and end.at_ms - end.speech_end_ms <= 260
