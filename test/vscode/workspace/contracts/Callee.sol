// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// The inner contract of the nested-call cases (runs at depth 1).
contract Callee {
    uint256 public calls;

    function double(uint256 x) external returns (uint256) {
        calls += 1;
        return 2 * x;
    }

    function check(uint256 amount) external pure returns (uint256) {
        require(amount == 0, "Callee: amount must be zero");
        return amount;
    }
}
