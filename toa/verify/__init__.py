"""VERIFY stage: is every authority in the Table of Authorities real?

    from toa.verify import verify, Settings, comment_text
    result = verify(table, Settings.from_env(), progress=lambda stage, done, total: ...)
    result[key].verdict; result.to_dict(); comment_text(result[key])

Only citation components leave the machine (volume, reporter, page; title, section; rule
number); quotations and brief text are compared locally, never sent.
"""
from .cache import CacheError
from .cache import clear as clear_cache
from .comments import comment_text
from .engine import verify
from .records import CaseRecord, Cluster, ProvisionRecord, UnitRecord, UnlinkedRecord, Verification
from .settings import Settings

__all__ = [
    "verify", "Settings", "Verification", "CaseRecord", "ProvisionRecord", "UnitRecord", "Cluster",
    "UnlinkedRecord", "comment_text", "clear_cache", "CacheError",
]
