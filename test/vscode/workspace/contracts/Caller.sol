// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./Callee.sol";

/// Calls Callee; a revert inside Callee bubbles up unchanged.
contract Caller {
    Callee public immutable callee;

    constructor(Callee target) {
        callee = target;
    }

    function callDouble(uint256 x) external returns (uint256) {
        return callee.double(x) + 1;
    }

    function callCheck(uint256 amount) external view returns (uint256) {
        return callee.check(amount);
    }
}
