"""Endpointing: per-frame VAD decisions (plus what the transcript says) become turn events.

A pure state machine over stream time; it never reads a clock. Speech must last `min_speech_ms`
before it starts a turn or interrupts a pause, so clicks and noise bursts do neither. The silence
needed to end a turn depends on the transcript's tail (`slots.Tail`): `hold_ms` mid-slot,
`complete_ms` after a complete command, `silence_ms` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from teller.voice.audio import FRAME_MS
from teller.voice.settings import VoiceSettings
from teller.voice.slots import Tail


class Kind(Enum):
    START = "start"  # speech began (at `speech_start_ms`, pre-roll not included)
    PAUSE = "pause"  # trailing silence reached `speculative_ms`: a speculative final may start
    RESUME = "resume"  # speech came back after a pause: drop any speculative work
    END = "end"  # end of turn; `speech_end_ms` is when the customer stopped talking


@dataclass(frozen=True, slots=True)
class Event:
    kind: Kind
    at_ms: float  # stream time at which the event is known
    speech_start_ms: float
    speech_end_ms: float


class _State(Enum):
    IDLE = 0
    CANDIDATE = 1  # speech in idle, not yet long enough to start a turn
    SPEECH = 2
    SILENCE = 3  # trailing silence inside a turn
    RESUMING = 4  # speech inside a pause, not yet long enough to count


class Endpointer:
    """Feed one VAD decision per frame with `push`; read events back."""

    def __init__(self, settings: VoiceSettings) -> None:
        self.settings = settings
        self._min_frames = max(1, round(settings.min_speech_ms / FRAME_MS))
        self._state = _State.IDLE
        self._frame = 0  # frames seen
        self._run = 0  # frames in the current candidate speech run
        self._silence = 0  # trailing silent frames in the turn (bursts included)
        self._start_ms = 0.0
        self._end_ms = 0.0
        self._paused = False

    @property
    def in_turn(self) -> bool:
        return self._state in (_State.SPEECH, _State.SILENCE, _State.RESUMING)

    @property
    def silence_ms(self) -> float:
        return self._silence * FRAME_MS

    def required_silence_ms(self, tail: Tail) -> float:
        s = self.settings
        return {Tail.OPEN: s.hold_ms, Tail.COMPLETE: s.complete_ms, Tail.NEUTRAL: s.silence_ms}[tail]

    def push(self, speech: bool, tail: Tail = Tail.NEUTRAL) -> list[Event]:
        """Advance one frame; `tail` classifies the best transcript so far."""
        self._frame += 1
        now = self._frame * FRAME_MS
        events: list[Event] = []
        state = self._state
        if state is _State.IDLE:
            if speech:
                self._state, self._run = _State.CANDIDATE, 1
                self._start_ms = now - FRAME_MS
                self._promote_candidate(events, now)
        elif state is _State.CANDIDATE:
            if not speech:
                self._state, self._run = _State.IDLE, 0
            else:
                self._run += 1
                self._promote_candidate(events, now)
        elif state is _State.SPEECH:
            if not speech:
                self._state, self._silence, self._paused = _State.SILENCE, 1, False
                self._end_ms = now - FRAME_MS
                self._after_silence(events, now, tail)
        elif state is _State.SILENCE:
            if speech:
                self._state, self._run = _State.RESUMING, 1
                self._resume_if_long(events, now)
            else:
                self._silence += 1
                self._after_silence(events, now, tail)
        elif speech:  # RESUMING
            self._run += 1
            self._resume_if_long(events, now)
        else:  # the burst was too short to be speech: it counts as part of the silence
            self._state = _State.SILENCE
            self._silence += self._run + 1
            self._run = 0
            self._after_silence(events, now, tail)
        return events

    def flush(self) -> list[Event]:
        """End of stream: close an open turn."""
        if not self.in_turn:
            return []
        now = self._frame * FRAME_MS
        end = self._end_ms if self._state is not _State.SPEECH else now
        self._state = _State.IDLE
        return [Event(Kind.END, now, self._start_ms, end)]

    def _promote_candidate(self, events: list[Event], now: float) -> None:
        if self._run >= self._min_frames:
            self._state = _State.SPEECH
            events.append(Event(Kind.START, now, self._start_ms, now))

    def _resume_if_long(self, events: list[Event], now: float) -> None:
        if self._run >= self._min_frames:
            self._state, self._silence, self._run = _State.SPEECH, 0, 0
            if self._paused:
                events.append(Event(Kind.RESUME, now, self._start_ms, now))
            self._paused = False

    def _after_silence(self, events: list[Event], now: float, tail: Tail) -> None:
        silence = self._silence * FRAME_MS
        if not self._paused and silence >= self.settings.speculative_ms:
            self._paused = True
            events.append(Event(Kind.PAUSE, now, self._start_ms, self._end_ms))
        if silence >= self.required_silence_ms(tail):
            self._state, self._silence = _State.IDLE, 0
            events.append(Event(Kind.END, now, self._start_ms, self._end_ms))
