// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// A linked library: its public function is reached by DELEGATECALL.
library MathLib {
    function mulAdd(uint256 a, uint256 b, uint256 c) public pure returns (uint256) {
        return a * b + c;
    }
}
