// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./MathLib.sol";

/// Calls the linked MathLib library and stores the result.
contract LibUser {
    uint256 public result;

    function compute(uint256 a, uint256 b, uint256 c) external returns (uint256) {
        result = MathLib.mulAdd(a, b, c);
        return result;
    }
}
