// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Arguments of dynamic types (a string, an array of tuples, bytes) and state variables packed into one slot, a
/// string, a dynamic array and a mapping, all written by one call.
contract Wallet {
    struct Payment {
        address to;
        uint64 amount;
        string memo;
    }

    address public owner;
    uint64 public payments;
    bool public open;
    string public label;
    uint32[] public amounts;
    mapping(address => uint256) public paid;

    constructor() {
        owner = msg.sender;
    }

    function payAll(string calldata note, Payment[] calldata batch, bytes calldata tag) external returns (uint256 total) {
        label = note;
        for (uint256 i = 0; i < batch.length; i++) {
            total += batch[i].amount;
            amounts.push(uint32(batch[i].amount));
            paid[batch[i].to] += batch[i].amount;
        }
        payments += uint64(batch.length);
        open = tag.length > 0;
    }
}
