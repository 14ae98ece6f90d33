// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// A minimal stand-in for the Hedera Token Service, deployed by the reference chain at 0x167 so that contracts
/// calling the token service run on a real EVM. It answers only transferToken, with the node's ABI and its
/// response codes (returned, not reverted, as the node's classic HTS calls do): SUCCESS (22), INVALID_TOKEN_ID
/// (167) for a token it does not hold, INSUFFICIENT_TOKEN_BALANCE (178) when the sender holds too little. Any
/// other selector reverts with NOT_SUPPORTED (13) as a 32-byte number.
contract HtsStandIn {
    int64 private constant SUCCESS = 22;
    int64 private constant NOT_SUPPORTED = 13;
    int64 private constant INVALID_TOKEN_ID = 167;
    int64 private constant INSUFFICIENT_TOKEN_BALANCE = 178;

    mapping(address => bool) private tokens;
    mapping(address => mapping(address => int64)) private balances;

    constructor(address token, address holder, int64 balance) {
        tokens[token] = true;
        balances[token][holder] = balance;
    }

    function transferToken(address token, address sender, address recipient, int64 amount) external returns (int64 responseCode) {
        if (!tokens[token]) return INVALID_TOKEN_ID;
        if (amount < 0 || balances[token][sender] < amount) return INSUFFICIENT_TOKEN_BALANCE;
        balances[token][sender] -= amount;
        balances[token][recipient] += amount;
        return SUCCESS;
    }

    fallback() external {
        bytes32 code = bytes32(uint256(uint64(NOT_SUPPORTED)));
        assembly {
            mstore(0, code)
            revert(0, 32)
        }
    }
}
