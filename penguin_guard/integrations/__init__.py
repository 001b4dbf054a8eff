"""Adapters that plug the guard into host frameworks, one module per host.

`common` holds the host-independent glue (a turn's plan, the reply texts); `nemo`, `litellm` and the agent
framework modules import their host lazily, so importing this package costs nothing.
"""
