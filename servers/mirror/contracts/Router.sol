// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// The inner contract of the shared-slots case: its slots 0 and 1 are Router's slot numbers with other values, and
/// `limit` (slot 1) is read on every deposit but written only by the constructor.
contract Ledger {
    uint256 public total;
    uint256 public limit;
    mapping(address => uint256) public balances;

    constructor(uint256 cap) {
        limit = cap;
    }

    function deposit(address who, uint256 amount) external returns (uint256) {
        require(total + amount <= limit, "Ledger: over limit");
        total += amount;
        balances[who] += amount;
        return total;
    }
}

/// Calls Ledger in the same transaction: both contracts use slots 0 and 1, with different values.
contract Router {
    uint256 public routed;
    Ledger public ledger;

    constructor(Ledger target) {
        ledger = target;
    }

    function route(uint256 amount) external returns (uint256) {
        routed += 1;
        return ledger.deposit(msg.sender, amount) + routed;
    }
}
