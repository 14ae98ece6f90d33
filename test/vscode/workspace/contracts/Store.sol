// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Storage writes and reads: a plain slot and a mapping slot.
contract Store {
    uint256 public count;
    mapping(uint256 => uint256) public values;

    function update(uint256 key, uint256 value) external returns (uint256) {
        count += 1;
        values[key] = value;
        return values[key] + count;
    }
}
