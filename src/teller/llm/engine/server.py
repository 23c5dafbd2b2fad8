"""An OpenAI-compatible HTTP server over the GPU engine (`teller engine serve`).

So that everything that talks to vLLM/SGLang/llama.cpp (`teller doctor`, the `openai` LLM backend)
can be pointed at Teller's own Gemma 4 engine:

- `GET /v1/models`: the one model served.
- `POST /v1/chat/completions`: messages rendered with the model's chat format; `stream` (SSE
  `chat.completion.chunk`s, `stream_options.include_usage`) or one `chat.completion`. Structured
  output, in every dialect Teller sends: `response_format` `{"type": "json_schema", "json_schema":
  {"schema": ...}}` (vLLM, SGLang), `{"type": "json_object", "schema": ...}` (llama-cpp-python),
  top-level `json_schema` (llama.cpp) and `guided_json` (old vLLM): constrained decoding with
  llguidance, jump-forward and the sparse head (`GpuBackend.complete_json`). Without a schema:
  text with prompt-lookup speculation, greedy at temperature 0, else sampled.
  `chat_template_kwargs` are accepted (the engine never thinks; Gemma 4's thinking is off).
- Prefix caching: the rendered prompt up to the last message is kept after a request (one slot) and
  restored for the next request that starts with it; `/metrics` counts prompt tokens and those served
  from it under vLLM's names (`vllm:prefix_cache_queries_total`, `vllm:prefix_cache_hits_total`), so
  `teller doctor` reports the hit rate.
- One sequence at a time (the engine has one KV cache); requests queue on the backend's lock. A client
  that disconnects from a stream cancels its request at the next forward.

Errors come back as OpenAI-style `{"error": {"message", "type", "code"}}`: 400 for a bad request or a
schema llguidance rejects, 504 past the per-request deadline, 500 otherwise.
"""

from __future__ import annotations

import json
import queue
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from teller.errors import BackendError, DeadlineExceeded, TellerError
from teller.llm.backends.gpu import GpuBackend

_END = object()


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: str
    content: str


class ChatRequest(BaseModel):
    """The fields of OpenAI's chat completion request the engine honours (others are ignored)."""

    model_config = ConfigDict(extra="allow")

    model: str | None = None
    messages: list[ChatMessage] = Field(min_length=1)
    max_tokens: int | None = Field(default=None, ge=1)
    max_completion_tokens: int | None = Field(default=None, ge=1)
    temperature: float = Field(default=1.0, ge=0.0, le=2.0)
    stream: bool = False
    stream_options: dict[str, Any] | None = None
    response_format: dict[str, Any] | None = None
    json_schema: dict[str, Any] | None = None
    guided_json: dict[str, Any] | str | None = None
    chat_template_kwargs: dict[str, Any] | None = None


def requested_schema(req: ChatRequest) -> dict[str, Any] | None:
    """The JSON Schema a request asks the output to follow, in any of the dialects, or None."""
    fmt = req.response_format or {}
    kind = fmt.get("type")
    if kind == "json_schema":
        spec = fmt.get("json_schema") or {}
        schema = spec.get("schema") if isinstance(spec, Mapping) else None
        if not isinstance(schema, Mapping):
            raise ValueError("response_format.json_schema.schema must be an object")
        return dict(schema)
    if kind == "json_object":
        schema = fmt.get("schema")
        return dict(schema) if isinstance(schema, Mapping) else {"type": "object"}
    if kind not in (None, "text"):
        raise ValueError(f"response_format type {kind!r} is not supported")
    if req.json_schema is not None:
        return dict(req.json_schema)
    if req.guided_json is not None:
        guided = json.loads(req.guided_json) if isinstance(req.guided_json, str) else req.guided_json
        if not isinstance(guided, Mapping):
            raise ValueError("guided_json must be a JSON Schema object")
        return dict(guided)
    return None


def _error(status: int, message: str, code: str) -> JSONResponse:
    kind = "invalid_request_error" if status == 400 else "server_error"
    return JSONResponse({"error": {"message": message, "type": kind, "code": code}}, status_code=status)


def _status(exc: TellerError) -> int:
    if isinstance(exc, DeadlineExceeded):
        return 504
    if isinstance(exc, BackendError) and "schema rejected" in exc.message:
        return 400
    return 500


def create_app(
    backend: GpuBackend,
    *,
    model_name: str,
    default_max_tokens: int = 256,
    deadline_s: float = 60.0,
) -> FastAPI:
    """The FastAPI app serving `backend` as `model_name`."""
    app = FastAPI(title="Teller GPU engine", docs_url=None, redoc_url=None)
    created = int(time.time())

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/v1/models")
    def models() -> dict[str, Any]:
        return {
            "object": "list",
            "data": [{"id": model_name, "object": "model", "created": created, "owned_by": "teller"}],
        }

    @app.get("/metrics")
    def metrics() -> PlainTextResponse:
        s = backend.stats
        lines = [
            "# TYPE vllm:prefix_cache_queries_total counter",
            f"vllm:prefix_cache_queries_total {s['prompt_tokens']}",
            "# TYPE vllm:prefix_cache_hits_total counter",
            f"vllm:prefix_cache_hits_total {s['reused_tokens']}",
            "# TYPE teller_engine_requests_total counter",
            f"teller_engine_requests_total {s['requests']}",
            "# TYPE teller_engine_output_tokens_total counter",
            f"teller_engine_output_tokens_total {s['output_tokens']}",
            "# TYPE teller_engine_forwards_total counter",
            f"teller_engine_forwards_total {s['forwards']}",
        ]
        return PlainTextResponse("\n".join(lines) + "\n")

    @app.post("/v1/chat/completions", response_model=None)
    async def chat(request: Request) -> Any:
        try:
            req = ChatRequest.model_validate(await request.json())
            schema = requested_schema(req)
        except (ValidationError, ValueError) as exc:
            return _error(400, str(exc)[:500], "invalid_request")
        if req.model is not None and req.model != model_name:
            message = f"model {req.model!r} is not served (serving {model_name!r})"
            return _error(404, message, "model_not_found")
        messages = [{"role": m.role, "content": m.content} for m in req.messages]
        max_tokens = req.max_completion_tokens or req.max_tokens or default_max_tokens
        job = _Job(backend, messages, schema, max_tokens, req.temperature, deadline_s)
        job.start()
        if req.stream:
            usage = bool((req.stream_options or {}).get("include_usage"))
            return StreamingResponse(_sse(job, model_name, usage=usage), media_type="text/event-stream")
        try:
            text, usage_counts = await _collect(job)
        except TellerError as exc:
            return _error(_status(exc), exc.message, exc.code)
        return {
            "id": job.id,
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model_name,
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
            ],
            "usage": usage_counts,
        }

    return app


class _Job:
    """One request run on a worker thread; its text pieces (or its error) arrive on a queue."""

    def __init__(
        self,
        backend: GpuBackend,
        messages: list[dict[str, str]],
        schema: dict[str, Any] | None,
        max_tokens: int,
        temperature: float,
        deadline_s: float,
    ) -> None:
        self.id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
        self.backend = backend
        self.messages = messages
        self.schema = schema
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.deadline_s = deadline_s
        self.pieces: queue.Queue[Any] = queue.Queue()
        self.usage: dict[str, Any] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        before = dict(self.backend.stats)
        try:
            if self.schema is not None:
                self.backend.complete_json(
                    self.messages,
                    self.schema,
                    max_tokens=self.max_tokens,
                    deadline_s=self.deadline_s,
                    on_text=self.pieces.put,
                )
            else:
                for piece in self.backend.stream_text(
                    self.messages,
                    max_tokens=self.max_tokens,
                    temperature=self.temperature,
                    deadline_s=self.deadline_s,
                ):
                    self.pieces.put(piece)
        except TellerError as exc:
            self.pieces.put(exc)
        except Exception as exc:  # never leave the client hanging
            self.pieces.put(BackendError(f"engine failed: {exc}"))
        after = self.backend.stats
        prompt = after["prompt_tokens"] - before["prompt_tokens"]
        completion = after["output_tokens"] - before["output_tokens"]
        self.usage = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": after["reused_tokens"] - before["reused_tokens"]},
        }
        self.pieces.put(_END)

    def items(self) -> Iterator[Any]:
        while True:
            item = self.pieces.get()
            if item is _END:
                return
            yield item


async def _collect(job: _Job) -> tuple[str, dict[str, Any]]:
    from starlette.concurrency import run_in_threadpool

    def gather() -> str:
        out: list[str] = []
        for item in job.items():
            if isinstance(item, TellerError):
                raise item
            out.append(item)
        return "".join(out)

    text = await run_in_threadpool(gather)
    return text, job.usage


def _chunk(job: _Job, model: str, delta: dict[str, Any], finish: str | None) -> str:
    body = {
        "id": job.id,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"


def _sse(job: _Job, model: str, *, usage: bool) -> Iterator[str]:
    """The SSE stream (a sync generator: Starlette iterates it on a worker thread)."""
    finished = False
    try:
        yield _chunk(job, model, {"role": "assistant", "content": ""}, None)
        for item in job.items():
            if isinstance(item, TellerError):
                error = {"message": item.message, "type": "server_error", "code": item.code}
                yield f"data: {json.dumps({'error': error})}\n\n"
                finished = True
                return
            yield _chunk(job, model, {"content": item}, None)
        yield _chunk(job, model, {}, "stop")
        if usage:
            body = {"id": job.id, "object": "chat.completion.chunk", "model": model, "choices": [],
                    "usage": job.usage}  # fmt: skip
            yield f"data: {json.dumps(body)}\n\n"
        yield "data: [DONE]\n\n"
        finished = True
    finally:
        if not finished:  # the client went away: stop the request at its next forward
            job.backend.cancel()
