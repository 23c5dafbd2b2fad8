"""Settings: one object, one nested model per stage, read from TELLER_* variables.

Example: TELLER_NAMES__SCORE_CUTOFF=80, TELLER_STORE__URL=postgresql+psycopg://..., TELLER_LLM__ENABLED=false.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir
from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from teller.api.settings import ApiSettings
from teller.voice.settings import VoiceSettings


def _default_db_url() -> str:
    path = Path(user_data_dir("teller", appauthor=False)) / "teller.sqlite3"
    return f"sqlite:///{path}"


class StoreSettings(BaseModel):
    """The database (docs/store.md). Timeouts stay under the API's request deadline, so a database
    that is locked, slow or gone answers 503 + Retry-After rather than 504."""

    url: str = Field(default_factory=_default_db_url)  # sqlite:///PATH or postgresql+psycopg://...
    seed_demo: bool = True  # create and seed the demo bank on first use of an empty database
    migrate: bool = True  # upgrade the schema on open; false: refuse an old schema (`teller db upgrade`)
    echo: bool = False
    # How long a statement waits for a lock: SQLite's busy_timeout, PostgreSQL's lock_timeout.
    busy_timeout_ms: int = Field(default=5_000, ge=0)
    # How long opening the database (schema upgrade, demo seed) waits for another worker doing the
    # same: a start-up step, not a request, so it is not bound by the API's deadline.
    startup_wait_ms: int = Field(default=120_000, ge=0)
    statement_timeout_ms: int = Field(default=8_000, ge=0)  # PostgreSQL: longer statements are cancelled
    # Connections per process: `pool_size` kept open, up to `max_overflow` more under load; a caller
    # that finds none free waits `pool_timeout_s`, then gets StoreUnavailable (503).
    pool_size: int = Field(default=5, ge=1)
    max_overflow: int = Field(default=10, ge=0)
    pool_timeout_s: float = Field(default=5.0, gt=0)
    pool_recycle_s: int = Field(default=1800, ge=-1)  # reopen connections older than this (-1: never)
    pool_pre_ping: bool = True  # check a pooled connection before use (a restarted server costs no 503)
    connect_timeout_s: int = Field(default=5, ge=1)  # PostgreSQL: giving up on an unreachable server


class NamesSettings(BaseModel):
    score_cutoff: float = 70.0  # below this a name is not a candidate at all
    clarify_margin: float = 6.0  # candidates within this many points of the best are "close"
    limit: int = 5


class UnderstandSettings(BaseModel):
    confident: float = 0.6  # below this the turn is ambiguous (the LLM path takes it when enabled)


class PolicySettings(BaseModel):
    pending_ttl_s: int = 300
    schedule_horizon_days: int = Field(default=365, ge=1, le=3650)  # how far ahead a payment may be dated


class SchedulerSettings(BaseModel):
    enabled: bool = True  # `teller serve` executes due scheduled payments in the background
    interval_s: float = Field(default=60.0, gt=0)  # seconds between passes


class LLMEndpoint(BaseModel):
    backend: str = "embedded"  # embedded | openai | gpu | extractive (QnA only: quote the best article)
    dialect: str = "vllm"  # vllm | sglang | llamacpp | llamacpp-python
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    model_path: str | None = None  # GGUF for the embedded backend; default: the bundled instruct model
    max_tokens: int = 96
    temperature: float = 0.0
    deadline_s: float = 8.0
    n_ctx: int = 2048  # embedded: context window
    n_threads: int | None = None  # embedded: llama.cpp threads (default: its own choice)
    persist_prefix: bool = True  # embedded: keep the decoded prompt prefix on disk across processes
    thinking: bool = False  # openai: chat_template_kwargs.enable_thinking, sent explicitly either way
    engine_preset: str = "e4b"  # gpu: dummy-weight shape when model_path (a checkpoint dir) is unset
    engine_device: str = "cuda"  # gpu: torch device
    engine_max_len: int = 4096  # gpu: KV cache length


class LLMSettings(BaseModel):
    enabled: bool = True
    extract: LLMEndpoint = Field(default_factory=LLMEndpoint)
    # QnA defaults to extractive answers: the bundled 0.5B model states wrong facts too often to speak
    # for a bank. Point TELLER_LLM__QNA__BACKEND=openai at Gemma 4 (or =embedded for the small model).
    qna: LLMEndpoint = Field(
        default_factory=lambda: LLMEndpoint(
            backend="extractive", max_tokens=256, temperature=0.2, deadline_s=30.0
        )
    )


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TELLER_", env_nested_delimiter="__", extra="ignore")

    store: StoreSettings = Field(default_factory=StoreSettings)
    names: NamesSettings = Field(default_factory=NamesSettings)
    understand: UnderstandSettings = Field(default_factory=UnderstandSettings)
    policy: PolicySettings = Field(default_factory=PolicySettings)
    scheduler: SchedulerSettings = Field(default_factory=SchedulerSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    api: ApiSettings = Field(default_factory=ApiSettings)
    voice: VoiceSettings = Field(default_factory=VoiceSettings)


def load_settings() -> Settings:
    return Settings()
