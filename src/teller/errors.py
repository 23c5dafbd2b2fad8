"""Teller's one error tree.

    TellerError                      base; `transient` says whether a retry may help
    ├── InputError                   the caller sent something unusable (permanent)
    │   ├── BadBankFile              a bank JSON file failed validation; names the field
    │   ├── BadAmount                an amount cannot be represented in its currency
    │   └── BadAudio                 audio that is empty, not audio, too long or unresamplable
    ├── NotFound                     an object does not exist for this customer (permanent)
    ├── Forbidden                    an object belongs to someone else (permanent)
    ├── ConfirmationError            a pending action cannot be confirmed/cancelled (permanent)
    │   ├── TokenUnknown
    │   ├── TokenUsed
    │   └── TokenExpired
    ├── BackendError                 a model/server/database dependency failed
    │   ├── BackendUnavailable       cannot reach it (transient)
    │   ├── DeadlineExceeded         it did not answer in time (transient)
    │   └── MissingExtra             an optional dependency is not installed (permanent)
    └── Overloaded                   admission control refused work (transient)

HTTP status codes are chosen only in the API's exception handlers.
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


class BadAmount(InputError):
    code = "bad_amount"


class BadAudio(InputError):
    code = "bad_audio"


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


class BackendError(TellerError):
    code = "backend_error"


class BackendUnavailable(BackendError):
    transient = True
    code = "backend_unavailable"


class DeadlineExceeded(BackendError):
    transient = True
    code = "deadline_exceeded"


class MissingExtra(BackendError):
    code = "missing_extra"

    def __init__(self, package: str, extra: str) -> None:
        super().__init__(f"{package} is not installed; install it with: pip install 'teller[{extra}]'")
        self.package = package
        self.extra = extra


class Overloaded(TellerError):
    transient = True
    code = "overloaded"
