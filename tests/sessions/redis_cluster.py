"""A private Redis Cluster for the session tests: three masters, each with a replica.

Six ``redis-server --cluster-enabled yes`` processes on free loopback ports, joined by
``redis-cli --cluster create ... --cluster-replicas 1``. A short node timeout makes a
replica take over a dead master within a couple of seconds, so a test can kill the
master holding a session and watch its replica carry on. Torn down after.
"""

from __future__ import annotations

import shutil
import subprocess
import time

import redis

from .redis_server import RedisServer, free_port

#: How long a master may be silent before its replica takes over (milliseconds).
NODE_TIMEOUT_MS = 1000


class ClusterNode(RedisServer):
    """One redis-server in cluster mode: its nodes.conf lives in its own directory, so a
    killed node started again on the same port rejoins the cluster it knew."""

    def __init__(self) -> None:
        super().__init__()
        # The bus port is the client port + 10000 unless named: a free port above 55535 would overflow.
        self.bus_port = free_port()

    def command(self) -> list[str]:
        return super().command() + ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                                    "--cluster-port", str(self.bus_port),
                                    "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                                    # A replica that lost touch with its master still takes over.
                                    "--cluster-replica-validity-factor", "0",
                                    # A new replica's first sync starts at once, not after 5 s.
                                    "--repl-diskless-sync-delay", "0"]


def redis_cli() -> str:
    found = shutil.which("redis-cli")
    if found is None:
        raise RuntimeError("redis-cli is not on PATH (it comes with redis-server: apt-get install redis-server)")
    return found


class RedisClusterHarness:
    def __init__(self, masters: int = 3) -> None:
        self.nodes = [ClusterNode() for _ in range(masters * 2)]

    @property
    def url(self) -> str:
        """Any one node is enough for a cluster client to find the rest."""
        return f"redis://127.0.0.1:{self.nodes[0].port}/0"

    def start(self) -> "RedisClusterHarness":
        try:
            for node in self.nodes:
                node.start()
            addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
            subprocess.run([redis_cli(), "--cluster", "create", *addresses, "--cluster-replicas", "1",
                            "--cluster-yes"], check=True, capture_output=True, timeout=60)
            self.wait_healthy()
        except BaseException:
            self.stop()
            raise
        return self

    def node_on(self, port: int) -> ClusterNode:
        return next(node for node in self.nodes if node.port == port)

    def live_nodes(self) -> list[ClusterNode]:
        return [node for node in self.nodes if node.process is not None and node.process.poll() is None]

    def masters(self) -> list[ClusterNode]:
        return [node for node in self.live_nodes() if _info(node, "replication")["role"] == "master"]

    def wait_healthy(self, timeout: float = 30) -> None:
        """Every slot served, every node agreeing, every master with a replica in sync."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self._healthy():
                    return
            except (redis.ConnectionError, redis.TimeoutError, redis.ResponseError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not become healthy")
            time.sleep(0.1)

    def _healthy(self) -> bool:
        live = self.live_nodes()
        for node in live:
            info = _cluster_info(node)
            if info.get("cluster_state") != "ok" or info.get("cluster_slots_ok") != "16384":
                return False
        masters = self.masters()
        if len(masters) * 2 != len(self.nodes) or len(live) != len(self.nodes):
            return False
        for master in masters:
            replication = _info(master, "replication")
            replica = replication.get("slave0") or {}
            if int(replication.get("connected_slaves", 0)) < 1 or replica.get("state") != "online":
                return False
        return True

    def master_of(self, key: str) -> ClusterNode:
        """The node serving ``key``'s slot now."""
        live = self.live_nodes()[0]
        with live.client() as client:
            slot = client.cluster("KEYSLOT", key)
            for start, end, master, *_ in client.cluster("SLOTS"):
                if start <= slot <= end:
                    return self.node_on(int(master[1]))
        raise LookupError(key)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def _info(node: ClusterNode, section: str) -> dict:
    with node.client() as client:
        return client.info(section)


def _cluster_info(node: ClusterNode) -> dict:
    with node.client() as client:
        text = client.execute_command("CLUSTER INFO")
    if isinstance(text, dict):
        return {k: str(v) for k, v in text.items()}
    text = text.decode() if isinstance(text, bytes) else text
    return dict(line.split(":", 1) for line in text.strip().splitlines() if ":" in line)
