"""One click command per module; each module defines `command`."""
