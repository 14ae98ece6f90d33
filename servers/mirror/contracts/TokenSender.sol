// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Pays a fungible token through the Hedera Token Service at 0x167, the way HederaTokenService.sol's helpers call
/// it, and reverts with the response code when the service answers anything but SUCCESS.
contract TokenSender {
    address private constant HTS = address(0x167);
    int64 private constant SUCCESS = 22;
    /// HederaResponseCodes.UNKNOWN: the call itself failed.
    int64 private constant UNKNOWN = 21;

    error TransferFailed(address token, int64 responseCode);

    event Paid(address indexed token, address indexed to, int64 amount);

    function pay(address token, address to, int64 amount) external returns (int64 responseCode) {
        (bool ok, bytes memory result) = HTS.call(
            abi.encodeWithSignature("transferToken(address,address,address,int64)", token, address(this), to, amount)
        );
        responseCode = ok ? abi.decode(result, (int64)) : UNKNOWN;
        if (responseCode != SUCCESS) revert TransferFailed(token, responseCode);
        emit Paid(token, to, amount);
    }
}
