// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Plain success with a return value, and a Panic(0x12) when dividing by zero.
contract Calculator {
    function add(uint256 a, uint256 b) external pure returns (uint256) {
        return a + b;
    }

    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }
}
