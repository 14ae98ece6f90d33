// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// An enum as an argument, a return value, a state variable and a mapping key, all in one call.
contract Orders {
    enum Status {
        Open,
        Filled,
        Cancelled
    }

    Status public last;
    mapping(Status => uint256) public count;

    function mark(Status status) external returns (Status previous) {
        previous = last;
        last = status;
        count[status] += 1;
    }
}
