"""A bounded schemathesis run against the served OpenAPI schema: no input makes the server answer 5xx."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from tests.api.conftest import Served

EXAMPLES_PER_OPERATION = 40


def test_no_generated_request_causes_a_server_error(served: Served) -> None:
    """Every operation of the served schema answers generated requests (with and without a key) below 500."""
    schema = schemathesis.openapi.from_url(f"{served.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10, [op.label for op in operations]
    failures: list[str] = []
    for operation in operations:
        strategy = operation.as_strategy()

        @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, suppress_health_check=list(HealthCheck))
        @given(case=strategy, authed=st.booleans())
        def run(case: schemathesis.Case, authed: bool) -> None:
            headers = served.auth("c_003") if authed else {}
            response = case.call(base_url=served.url, headers=headers, timeout=10)
            if response.status_code >= 500:
                failures.append(f"{case.operation.label}: {response.status_code} {response.text[:200]}")
            case.validate_response(response, checks=[not_a_server_error])

        run()
    assert not failures, failures
