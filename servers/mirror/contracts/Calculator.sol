// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Plain success with a return value, a Panic(0x12) when dividing by zero, and a user-written internal function.
contract Calculator {
    function add(uint256 a, uint256 b) external pure returns (uint256) {
        return a + b;
    }

    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    function sumOfSquares(uint256 a, uint256 b) external pure returns (uint256) {
        uint256 total = square(a);
        total += square(b);
        return total;
    }

    function square(uint256 x) internal pure returns (uint256) {
        return x * x;
    }
}
