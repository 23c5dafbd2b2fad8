"""Names: per-customer retrieval of payees and billers by display name, kana, romaji, Latin form and alias.

`index_for(snapshot).lookup("satoh ken")` matches 佐藤 健; `.scan("pay sarah johnson fifty bucks")`
finds Sarah Johnson inside an utterance. See `NameIndex` for the scoring and the decision rule.
"""

from teller.names.index import NameIndex, index_for
from teller.names.result import NameMatch

__all__ = ["NameIndex", "NameMatch", "index_for"]
