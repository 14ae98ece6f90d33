// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// An enum as an argument, a return value, a state variable, a mapping key and a mapping value, and a mapping keyed
/// by string, all in one call.
contract Orders {
    enum Status {
        Open,
        Filled,
        Cancelled
    }

    Status public last;
    mapping(Status => uint256) public count;
    mapping(string => Status) public byRef;

    function mark(Status status, string calldata ref) external returns (Status previous) {
        previous = last;
        last = status;
        count[status] += 1;
        byRef[ref] = status;
    }
}
