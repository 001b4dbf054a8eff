"""LLM-guided MCTS over attribute subsets (paper-spec 5.1, Algorithm 1), plus plain UCT as the baseline.

State = the acquired attributes (a node also remembers the order it was reached in). One iteration:
1. selection: from the root, pick children by PUCT `Q + c * pi0 * sqrt(sum N) / (1 + N_a)` (unvisited
   children use their parent's Q, "first-play urgency"), or by UCB1 for plain UCT;
2. expansion: the first unvisited child on the way becomes a tree node;
3. rollout: add attributes until |U| = k, epsilon-greedy on pi0 with `eps(d) = eps0 / (1 + exp(d - k/2))`
   (uniformly random for plain UCT);
4. reward Safety(q, U) for the completed set (through the set cache), normalised to [0, 1] as the paper's
   analysis assumes; 5. backup along the visited nodes.
The answer is the greedy path by Q, completed below the last tree node by the best rollout through it. A rollout
whose reward is None (unparseable judge) is not backed up: Q stays a mean of real scores, but the rollout counts
as an attempt in the exploration term, so the search moves on instead of retrying the same set.

Choices the paper leaves open (configurable): c = 0.5 (C.5; C.4 says 1), eps0 = 0.2, prior temperature 1.5.
Two departures, both measured in benchmarks/RESULTS.md and switchable: nodes are attribute *sets* shared by
all orderings (the MDP's state; `merge_orderings`; 26/30 optima vs 12/30 for a tree of ordered paths at k = 5,
T = 300), and the greedy walk takes the highest Q only among children
with >= sqrt(sibling visits) visits (`extract="robust_q"`; plain highest-Q, `extract="q"`, follows rarely
visited children whose few rollouts happened to score well: 24/30 vs 26/30 optima at k = 5, T = 300).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

from penguin_guard.bench.items import BenchItem
from penguin_guard.raise_policy.prior import Prior, rank_distribution
from penguin_guard.raise_policy.reward import RewardCache
from penguin_guard.taxonomy import ATTRIBUTES


class SearchConfig(BaseModel):
    rollouts: int = Field(300, ge=1, description="T, iterations per query")
    budget: int = Field(5, ge=1, le=10, description="k, attributes per path (the paper's MAX_DEPTH)")
    c: float = Field(0.5, ge=0)
    eps0: float = Field(0.2, ge=0, le=1)
    selection: Literal["puct", "uct"] = "puct"
    prior_temperature: float = Field(1.5, gt=0)
    extract: Literal["q", "robust_q", "visits"] = Field(
        "robust_q", description="final path: highest Q (the paper), highest Q among children with at least "
        "sqrt(parent visits) visits (default: plain Q picks rarely visited flukes), or most visited")
    merge_orderings: bool = Field(True, description="one node per attribute *set* (the MDP's state), shared by "
                                  "every ordering that reaches it; False = a plain tree of ordered paths")
    seed: int = 0


@dataclass
class Node:
    path: tuple[str, ...]
    visits: int = 0  # rollouts with a reward (Q is their mean)
    attempts: int = 0  # all rollouts through the node, also unscorable ones (drives exploration)
    value_sum: float = 0.0  # normalised rewards
    children: dict[str, Node] = field(default_factory=dict)
    prior: dict[str, float] | None = None
    best_value: float = -1.0  # best normalised reward of a rollout through this node ...
    best_rollout: tuple[str, ...] = ()  # ... and that rollout's full ordered path

    @property
    def q(self) -> float:
        return self.value_sum / self.visits if self.visits else 0.0


class SearchResult(BaseModel):
    path: list[str]
    score: float | None = Field(description="Safety (1-5) of the best path's attribute set")
    mean_score: float | None = Field(description="mean reward (1-5) of the rollouts through the path's last node")
    rollouts: int
    skipped: int
    evaluations: int = Field(description="reward evaluations made by this search (judge calls)")
    cache_hits: int
    root_visits: dict[str, int]
    root_q: dict[str, float]
    trace: list[tuple[int, list[str]]] = Field(default_factory=list, description="(evaluations, greedy set) per iteration")


def normalise(score: float) -> float:
    return (score - 1.0) / 4.0


def _path_of(visited: list[Node]) -> list[str]:
    """The ordered attributes along this iteration's descent (a shared node may carry another ordering)."""
    out: list[str] = []
    for parent, child in zip(visited, visited[1:], strict=False):
        out += [a for a in child.path if a not in parent.path and a not in out]
    return out


def epsilon(depth: int, config: SearchConfig) -> float:
    return config.eps0 / (1.0 + math.exp(depth - config.budget / 2.0))


def greedy_path(root: Node, budget: int, extract: str = "robust_q") -> tuple[list[str], Node | None]:
    """Follow the highest-Q child while the tree goes on; below the last tree node, complete the path with
    the best rollout that went through it (the tree is shallower than k after a few hundred rollouts)."""
    node, last, prefix = root, None, []  # type: Node, Node | None, list[str]
    while len(prefix) < budget:
        visited = [(a, c) for a, c in node.children.items() if c.visits]
        if not visited:
            break
        if extract == "visits":
            action, node = max(visited, key=lambda ac: (ac[1].visits, ac[1].q))
        else:
            floor = math.sqrt(sum(c.visits for _, c in visited)) if extract == "robust_q" else 0.0
            robust = [(a, c) for a, c in visited if c.visits >= floor] or visited
            action, node = max(robust, key=lambda ac: (ac[1].q, ac[1].visits))
        prefix.append(action)
        last = node
    if last is None:
        return [], None
    return prefix + [a for a in last.best_rollout if a not in prefix], last


async def search(
    item: BenchItem,
    reward: RewardCache,
    prior: Prior | None = None,
    config: SearchConfig | None = None,
    attributes: Sequence[str] = ATTRIBUTES,
    trace: bool = False,
) -> SearchResult:
    """Plan the best k-attribute path for one item. `prior=None` or selection="uct" gives plain UCT."""
    config = config or SearchConfig()
    if config.budget > len(attributes):
        raise ValueError(f"budget {config.budget} exceeds the {len(attributes)} attributes")
    rng = random.Random(f"{config.seed}:{item.id}")
    use_prior = prior is not None and config.selection == "puct"
    priors: dict[frozenset[str], dict[str, float]] = {}  # one prior query per attribute set

    async def prior_of(acquired: Sequence[str]) -> dict[str, float]:
        key = frozenset(acquired)
        if key not in priors:
            remaining = [a for a in attributes if a not in key]
            ranking = await prior.rank(item, key, remaining) if prior is not None else []
            priors[key] = (rank_distribution(ranking, remaining, config.prior_temperature) if ranking
                           else {a: 1.0 / len(remaining) for a in remaining})
        return priors[key]

    root = Node(path=())
    nodes: dict[frozenset[str], Node] = {frozenset(): root}

    def child_of(node: Node, action: str) -> Node:
        if action not in node.children:
            path = (*node.path, action)
            key = frozenset(path)
            shared = nodes.get(key) if config.merge_orderings else None
            node.children[action] = shared if shared is not None else Node(path=path)
            nodes.setdefault(key, node.children[action])
        return node.children[action]

    skipped = 0
    evaluations_before, hits_before = reward.evaluations, reward.hits
    history: list[tuple[int, list[str]]] = []
    for _ in range(config.rollouts):
        node, visited = root, [root]
        while len(node.path) < config.budget:
            remaining = [a for a in attributes if a not in node.path]
            if use_prior:
                if node.prior is None:
                    node.prior = await prior_of(node.path)
                weights = node.prior
                total = math.sqrt(max(node.attempts, 1))
                fpu = node.q

                def score(a: str, node: Node = node, weights: dict[str, float] = weights, total: float = total,
                          fpu: float = fpu) -> float:
                    child = node.children.get(a)
                    q = child.q if child is not None and child.visits else fpu
                    n = child.attempts if child is not None else 0
                    return q + config.c * weights[a] * total / (1 + n)

                action = max(remaining, key=lambda a: (score(a), weights[a]))
            else:
                untried = [a for a in remaining if a not in node.children or not node.children[a].attempts]
                if untried:
                    action = rng.choice(untried)
                else:
                    log_n = math.log(node.attempts)
                    children = node.children
                    action = max(remaining, key=lambda a: children[a].q
                                 + config.c * math.sqrt(log_n / children[a].attempts))
            child = child_of(node, action)
            visited.append(child)
            node = child
            if child.attempts == 0:
                break  # expanded a new node: roll out from here
        acquired = _path_of(visited)
        while len(acquired) < config.budget:
            remaining = [a for a in attributes if a not in acquired]
            if use_prior and rng.random() >= epsilon(len(acquired), config):
                dist = await prior_of(acquired)
                acquired.append(max(remaining, key=lambda a: dist[a]))
            else:
                acquired.append(rng.choice(remaining))
        value = await reward(item, acquired)
        for n in visited:
            n.attempts += 1  # an unscorable rollout still moves the search on, without inventing a score
        if value is None:
            skipped += 1
        else:
            for n in visited:
                n.visits += 1
                n.value_sum += normalise(value)
                if normalise(value) > n.best_value:
                    n.best_value, n.best_rollout = normalise(value), tuple(acquired)
        if trace:
            chosen, _ = greedy_path(root, config.budget, config.extract)
            history.append((reward.evaluations - evaluations_before, sorted(chosen)))

    path, last = greedy_path(root, config.budget, config.extract)
    return SearchResult(
        path=path,
        score=(1.0 + 4.0 * last.best_value) if last is not None else None,
        mean_score=(1.0 + 4.0 * last.q) if last is not None else None,
        rollouts=config.rollouts,
        skipped=skipped,
        evaluations=reward.evaluations - evaluations_before,
        cache_hits=reward.hits - hits_before,
        root_visits={a: c.visits for a, c in root.children.items()},
        root_q={a: round(1.0 + 4.0 * c.q, 4) for a, c in root.children.items() if c.visits},
        trace=history,
    )


def evaluations_to_reach(result: SearchResult, target: frozenset[str]) -> int | None:
    """Judge calls made when the greedy set became `target` for good (None if it never settled there)."""
    reached = None
    for evaluations, chosen in result.trace:
        if frozenset(chosen) == target:
            if reached is None:
                reached = evaluations
        else:
            reached = None
    return reached
