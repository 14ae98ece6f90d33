// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// A loop whose step count grows linearly with n (for traces of millions of steps).
contract Looper {
    function run(uint256 n) external pure returns (uint256 acc) {
        for (uint256 i = 0; i < n; i++) {
            acc = (acc * 31 + i) % 1000003;
        }
    }
}
