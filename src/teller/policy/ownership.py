"""Object ids in what the customer typed: an id that is not one of theirs is never swapped for one that is.

Ids never choose anything (understanding matches names, labels and digits), but a typed id is a
claim about an object: "lock card k_001" from a customer whose cards are k_101 and k_102 names a
card they do not hold, and acting on their own card instead would be a confident wrong action. So a
command whose text carries an id-shaped token (`k_001`, `a_001`, `p_001`: letters, underscore, an
alphanumeric run with a digit) that is none of the customer's objects is refused. The answer is the
same whether the id belongs to someone else or to nobody, so it reveals nothing about other customers.
"""

from __future__ import annotations

import re

from teller.domain.bank import CustomerSnapshot

_ID = re.compile(r"(?<![\w-])[a-z]{1,4}_(?=[a-z0-9]*\d)[a-z0-9]+(?![\w-])")


def foreign_ids(folded_text: str, snapshot: CustomerSnapshot) -> tuple[str, ...]:
    """Id-shaped tokens in `folded_text` that name none of the customer's objects (in order)."""
    found = _ID.findall(folded_text)
    if not found:
        return ()
    own = {snapshot.customer.id.lower()}
    for objects in (snapshot.accounts, snapshot.cards, snapshot.payees, snapshot.billers):
        own.update(o.id.lower() for o in objects)
    return tuple(token for token in found if token not in own)
