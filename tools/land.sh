#!/usr/bin/env bash
# Land a branch on main the way every change lands: rebase it onto main, run the whole
# `make test` (lint, the suite, the fault loops) in the branch's worktree, then fast-forward
# main to it. Nothing reaches main that did not pass there, rebased.
#
#   tools/land.sh BRANCH [MAIN_CHECKOUT]
#
# BRANCH must be checked out in a worktree of its own (git worktree add); MAIN_CHECKOUT is
# the worktree holding main (default: the one this script lives in).
set -euo pipefail

branch=${1:?usage: tools/land.sh BRANCH [MAIN_CHECKOUT]}
main_dir=${2:-$(cd "$(dirname "$0")/.." && pwd)}
worktree=$(git -C "$main_dir" worktree list --porcelain |
    awk -v ref="refs/heads/$branch" '$1 == "worktree" {dir = $2} $1 == "branch" && $2 == ref {print dir}')
if [[ -z $worktree ]]; then
    echo "land: no worktree has $branch checked out" >&2
    exit 2
fi
if [[ -n $(git -C "$worktree" status --porcelain --untracked-files=no) ]]; then
    echo "land: $worktree has uncommitted changes" >&2
    exit 2
fi

git -C "$worktree" rebase main
make -C "$worktree" test
git -C "$main_dir" merge --ff-only "$branch"
echo "land: main is now $(git -C "$main_dir" log --oneline -1)"
