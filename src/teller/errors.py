"""Teller's one error tree.

    TellerError                      base; `transient` says whether a retry may help
    ├── InputError                   the caller sent something unusable (permanent)
    │   ├── BadBankFile              a bank JSON file failed validation; names the field
    │   ├── BadArticle               a knowledge-base article failed validation; names file and field
    │   ├── BadAmount                an amount cannot be represented in its currency
    │   ├── BadAudio                 audio that is empty, not audio or unresamplable
    │   ├── TooLarge                 a body or an upload over its size limit (413)
    │   │   └── AudioTooLong         audio over the duration limit, found before decoding it (413)
    │   ├── UnsupportedMedia         neither JSON nor multipart audio (415)
    │   └── KeyReused                an Idempotency-Key reused for a different request
    ├── Unauthenticated              no key or an unknown key (401); says nothing about which
    ├── NotFound                     an object does not exist for this customer (permanent)
    ├── Forbidden                    an object belongs to someone else (permanent)
    ├── ConfirmationError            a pending action cannot be confirmed/cancelled (permanent)
    │   ├── TokenUnknown
    │   ├── TokenUsed
    │   └── TokenExpired
    ├── ConfigError                  Teller is configured wrongly: unknown model or backend name,
    │   │                            missing base URL, missing file (permanent: retrying cannot help)
    │   ├── ModelNotInstalled        the packages carrying a bundled model are not installed
    │   └── ModelCorrupt             a bundled model does not match its pinned SHA-256
    ├── BackendError                 a model/server/database dependency failed
    │   ├── BackendUnavailable       cannot reach it (transient)
    │   │   └── StoreUnavailable     the database is locked or unreachable (transient, 503)
    │   ├── DeadlineExceeded         it did not answer in time (transient)
    │   ├── InvalidReply             a model's reply failed its schema or named what it was not shown
    │   └── MissingExtra             an optional dependency is not installed (permanent)
    └── Overloaded                   admission control refused work (transient, 429)
        └── RateLimited              one key or address over its own share; carries `retry_after_s`

HTTP status codes are chosen only in the API's exception handlers (`teller.api.handlers`).
"""

from __future__ import annotations


class TellerError(Exception):
    """Base of every error Teller raises on purpose."""

    transient: bool = False
    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class InputError(TellerError):
    code = "bad_input"


class BadBankFile(InputError):
    code = "bad_bank_file"

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class BadArticle(InputError):
    """A knowledge base article failed validation; names the file and the field."""

    code = "bad_article"

    def __init__(self, message: str, *, path: str, field: str) -> None:
        super().__init__(f"{path}: {field}: {message}")
        self.path = path
        self.field = field


class BadAmount(InputError):
    code = "bad_amount"


class BadAudio(InputError):
    code = "bad_audio"


class TooLarge(InputError):
    code = "too_large"


class AudioTooLong(TooLarge, BadAudio):
    """Audio longer than the limit, found from its header or while decoding with a sample cap."""

    code = "audio_too_long"


class UnsupportedMedia(InputError):
    code = "unsupported_media_type"


class KeyReused(InputError):
    code = "idempotency_key_reused"


class Unauthenticated(TellerError):
    """No key, or a key that maps to nobody (HTTP 401). Says nothing about which."""

    code = "unauthenticated"


class NotFound(TellerError):
    code = "not_found"


class Forbidden(TellerError):
    code = "forbidden"


class ConfirmationError(TellerError):
    code = "confirmation_error"


class TokenUnknown(ConfirmationError):
    code = "token_unknown"


class TokenUsed(ConfirmationError):
    code = "token_used"


class TokenExpired(ConfirmationError):
    code = "token_expired"


class ConfigError(TellerError):
    """A setting names something that does not exist or is incomplete; an operator must fix it."""

    code = "config_error"


class ModelNotInstalled(ConfigError):
    """The chunk packages of a bundled model are missing (names what to install)."""

    code = "model_not_installed"


class ModelCorrupt(ConfigError):
    """A joined bundled model does not match its pinned SHA-256."""

    code = "model_corrupt"


class BackendError(TellerError):
    code = "backend_error"


class BackendUnavailable(BackendError):
    transient = True
    code = "backend_unavailable"


class StoreUnavailable(BackendUnavailable):
    """The database is locked past its busy timeout, or cannot be reached."""

    code = "store_unavailable"


class DeadlineExceeded(BackendError):
    transient = True
    code = "deadline_exceeded"


class InvalidReply(BackendError):
    """The reply is not valid JSON, not the schema's shape, or names something it was not shown."""

    code = "llm_invalid_reply"


class MissingExtra(BackendError):
    code = "missing_extra"

    def __init__(self, package: str, extra: str) -> None:
        super().__init__(f"{package} is not installed; install it with: pip install 'teller[{extra}]'")
        self.package = package
        self.extra = extra


class Overloaded(TellerError):
    transient = True
    code = "overloaded"


class RateLimited(Overloaded):
    """One key (or client address) is over its own concurrency or rate; `retry_after_s` says when to."""

    code = "rate_limited"

    def __init__(self, message: str, *, retry_after_s: int, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after_s = retry_after_s
