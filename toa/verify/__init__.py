"""VERIFY stage: is every authority in the Table of Authorities real, and the one the brief says?

    from toa.verify import verify, Settings, comment_text, summary_text
    result = verify(table, Settings.from_env(), progress=lambda stage, done, total: ..., document=doc)
    result[key].verdict  # VERIFIED | NEEDS_ATTENTION | NOT_VERIFIED
    result.to_dict(); comment_text(result[key]); summary_text(result)

Only citation components leave the machine (volume, reporter, page; title, section; rule
number; cluster and opinion ids; the name of a case CourtListener has no case at, for a search);
quotations and brief text are compared locally, never sent.
"""

from .cache import CacheError
from .cache import clear as clear_cache
from .comments import comment_text, summary_text
from .engine import verify
from .records import (
    NEEDS_ATTENTION,
    NOT_VERIFIED,
    VERIFIED,
    CaseRecord,
    Check,
    CitationRecord,
    Cluster,
    ProvisionRecord,
    UnitRecord,
    UnlinkedRecord,
    Verification,
)
from .settings import Settings

__all__ = [
    "verify",
    "Settings",
    "Verification",
    "CaseRecord",
    "CitationRecord",
    "ProvisionRecord",
    "UnitRecord",
    "Cluster",
    "Check",
    "UnlinkedRecord",
    "comment_text",
    "summary_text",
    "clear_cache",
    "CacheError",
    "VERIFIED",
    "NEEDS_ATTENTION",
    "NOT_VERIFIED",
]
