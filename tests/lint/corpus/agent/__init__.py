"""Agent internals the tools import (a shared client, redaction): not tools themselves."""
