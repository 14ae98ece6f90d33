// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// A minimal stand-in for the Hedera Token Service, deployed by the reference chain at 0x167 so that contracts
/// calling the token service run on a real EVM. The reference mirror records a call to it as the node records a
/// system contract call (one synthetic entry), so none of this code's steps appear in a trace.
///
/// It answers transferToken with the node's ABI and response codes (returned, not reverted, as the node's classic
/// HTS calls do): SUCCESS (22), INVALID_TOKEN_ID (167) for a token it does not hold, INSUFFICIENT_TOKEN_BALANCE (178)
/// when the sender holds too little. A token's ERC-20 facade delegates `redirectForToken` here (0x618dc65e ‖ token ‖
/// calldata); of that it answers `transfer(address,uint256)`, reverting with the response code as a 32-byte number
/// on failure, as the node's ERC facade calls do. Value sent here halts, as the node halts it. Anything else reverts
/// with NOT_SUPPORTED (13) as a 32-byte number.
contract HtsStandIn {
    address payable private constant HTS = payable(address(0x167));
    int64 private constant SUCCESS = 22;
    int64 private constant NOT_SUPPORTED = 13;
    int64 private constant INVALID_TOKEN_ID = 167;
    int64 private constant INSUFFICIENT_TOKEN_BALANCE = 178;
    bytes4 private constant REDIRECT_FOR_TOKEN = 0x618dc65e;

    mapping(address => bool) private tokens;
    mapping(address => mapping(address => int64)) private balances;

    constructor(address token, address holder, address otherHolder, int64 balance) {
        tokens[token] = true;
        balances[token][holder] = balance;
        balances[token][otherHolder] = balance;
    }

    modifier noValue() {
        if (msg.value > 0) {
            assembly {
                invalid()
            }
        }
        _;
    }

    function transferToken(address token, address sender, address recipient, int64 amount) external payable noValue returns (int64 responseCode) {
        if (!tokens[token]) return INVALID_TOKEN_ID;
        if (amount < 0 || balances[token][sender] < amount) return INSUFFICIENT_TOKEN_BALANCE;
        balances[token][sender] -= amount;
        balances[token][recipient] += amount;
        return SUCCESS;
    }

    fallback(bytes calldata input) external payable noValue returns (bytes memory) {
        if (input.length >= 28 && bytes4(input[:4]) == REDIRECT_FOR_TOKEN && bytes4(input[24:28]) == 0xa9059cbb) {
            // Runs as the token (DELEGATECALL from its facade); balances live at 0x167, so ask it there.
            address token = address(bytes20(input[4:24]));
            (address to, uint256 amount) = abi.decode(input[28:], (address, uint256));
            int64 code = HtsStandIn(HTS).transferToken(token, msg.sender, to, int64(uint64(amount)));
            if (code == SUCCESS) return abi.encode(true);
            revertWith(code);
        }
        revertWith(NOT_SUPPORTED);
    }

    function revertWith(int64 responseCode) private pure {
        bytes32 word = bytes32(uint256(uint64(responseCode)));
        assembly {
            mstore(0, word)
            revert(0, 32)
        }
    }
}
