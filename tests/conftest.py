"""Test-wide settings.

In CI (CI=true) hypothesis runs derandomized and without its example database, so a
submission's result does not depend on luck; on a developer's machine it keeps
exploring new examples (and remembers failures) as usual.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
