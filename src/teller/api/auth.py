"""Bearer API keys mapped to one customer each; only SHA-256 hashes of keys are held.

A keys file (`api.keys_file`) holds real ones as {"<sha256 hex of the key>": "<customer id>"}.
Demo keys exist only when asked for (`api.demo_keys`, set by `teller serve --demo`): `tk_demo_` +
HMAC-SHA256(demo_key_secret, customer id), where the secret is configured or drawn at random per
start, never a constant in the source. Keys never reach logs.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated

import orjson
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.security.utils import get_authorization_scheme_param

from teller.api.settings import ApiSettings
from teller.errors import ConfigError, Unauthenticated


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def demo_key(customer_id: str, secret: str) -> str:
    """The demo bearer key of `customer_id` (deterministic, so docs and tests can use it)."""
    digest = hmac.new(secret.encode(), customer_id.encode(), hashlib.sha256).hexdigest()
    return f"tk_demo_{digest[:32]}"


class KeyRing:
    """Key hash → customer id."""

    def __init__(self, hashed: Mapping[str, str]) -> None:
        self._hashed = dict(hashed)

    @classmethod
    def from_settings(cls, settings: ApiSettings) -> KeyRing:
        hashed: dict[str, str] = {}
        if settings.demo_keys:
            if not settings.demo_key_secret:
                raise ConfigError("demo keys need api.demo_key_secret (teller serve --demo draws one)")
            for customer_id in settings.demo_customers:
                hashed[hash_key(demo_key(customer_id, settings.demo_key_secret))] = customer_id
        if settings.keys_file is not None:
            hashed.update(load_keys_file(settings.keys_file))
        return cls(hashed)

    def customer_for(self, key: str) -> str | None:
        # Looking up the hash, not the key, means timing reveals nothing about stored keys.
        return self._hashed.get(hash_key(key))

    def customers(self) -> Iterable[str]:
        return sorted(set(self._hashed.values()))


def load_keys_file(path: Path) -> dict[str, str]:
    data = orjson.loads(path.read_bytes())
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and len(k) == 64 and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"{path}: expected an object of sha256-hex → customer id")
    return {str(k): str(v) for k, v in data.items()}


_bearer = HTTPBearer(auto_error=False, description="API key: `Authorization: Bearer tk_...`")


def authenticate(keyring: KeyRing, authorization: str | None) -> str:
    """The customer an `Authorization` header value names; `Unauthenticated` otherwise.

    Parses the header as `HTTPBearer` does and answers as `customer_id` does, for callers outside
    FastAPI's dependencies (`teller.api.lane`).
    """
    scheme, key = get_authorization_scheme_param(authorization)
    if not key or scheme.lower() != "bearer":
        raise Unauthenticated("missing or invalid API key")
    customer = keyring.customer_for(key)
    if customer is None:
        raise Unauthenticated("missing or invalid API key")
    return customer


async def customer_id(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> str:
    """The authenticated customer; every route that touches bank data depends on this.

    `async` although it never awaits: FastAPI runs a plain `def` dependency in a worker thread, and a
    hash and a dict lookup are not worth a thread hop.
    """
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthenticated("missing or invalid API key")
    keyring: KeyRing = request.app.state.keyring
    customer = keyring.customer_for(credentials.credentials)
    if customer is None:
        raise Unauthenticated("missing or invalid API key")
    return customer


CustomerId = Annotated[str, Depends(customer_id)]
