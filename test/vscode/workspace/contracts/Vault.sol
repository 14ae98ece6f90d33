// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Reverts with a custom error that carries arguments.
contract Vault {
    error InsufficientBalance(uint256 available, uint256 required);

    mapping(address => uint256) public balances;

    constructor() {
        balances[msg.sender] = 5;
    }

    function withdraw(uint256 amount) external {
        uint256 available = balances[msg.sender];
        if (available < amount) revert InsufficientBalance(available, amount);
        balances[msg.sender] = available - amount;
    }
}
