// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// A loop whose step count grows linearly with n (for traces of millions of steps). Its function has locals to show
/// (`i` and the return variable `acc`) and, every 128th iteration, writes `checkpoint`: a state variable for a data
/// breakpoint to stop on, both ways, with long stretches of steps between its writes.
contract Looper {
    uint256 public checkpoint;

    function run(uint256 n) external returns (uint256 acc) {
        for (uint256 i = 0; i < n; i++) {
            acc = (acc * 31 + i) % 1000003;
            if ((i & 127) == 127) checkpoint = acc;
        }
    }
}
