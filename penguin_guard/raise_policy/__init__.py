"""RAISE (paper-spec section 5): an offline LLM-guided MCTS planner that finds which attributes to ask for, and
an online agent that retrieves planned paths for similar queries to decide what to ask next and when to stop.

Modules: `reward` (Safety(q, U) and its set cache), `prior` (the LLM ranking prior), `mcts` (the search),
`library` (the path library on disk), `plan` (planning many items), `agent` (the online acquisition and
abstention), `plugin` (the guard's `penguin_next_step` hook), `cli` (`penguin-guard plan`).
"""
