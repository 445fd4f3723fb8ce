"""Writing files safely, for every command that writes (new-tool, remove-tool, the plugin
commands, lint --fix): a `Plan` of whole-file changes checked and diffed in memory, then applied
all or nothing (`plan`); signals held off or turned into `Interrupted` while it applies
(`signals`); one advisory lock per root (`lock`); a temporary file beside its target, made
without tempfile's imports (`temporary`, also used by lint's cache).

Imports only `hermes_dev.errors`: scaffold and lint both build on it, so it sits below both.
"""
