// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Created by Factory; its constructor writes storage at depth 1.
contract Child {
    uint256 public value;

    constructor(uint256 initial) {
        value = initial;
    }
}
