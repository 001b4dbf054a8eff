from redis_fixtures import redis_url  # noqa: F401  (a per-test key prefix on the shared Redis server)
