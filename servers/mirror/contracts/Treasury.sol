// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

interface ICallee {
    function check(uint256 amount) external pure returns (uint256);
}

/// Holds a fungible token and pays it out the ways Hedera contracts do: through the token's own address (its
/// ERC-20 facade), and through the token service at 0x167 after a check that may fail without failing the payment.
contract Treasury {
    address private constant HTS = address(0x167);
    int64 private constant SUCCESS = 22;
    /// HederaResponseCodes.UNKNOWN: the call itself failed.
    int64 private constant UNKNOWN = 21;

    event Skipped(string reason);
    event Settled(address indexed token, address indexed to, int64 amount);

    function payByFacade(address token, address to, uint256 amount) external returns (bool) {
        return IERC20(token).transfer(to, amount);
    }

    /// A failing check is caught and logged; the payment through the token service still goes through.
    function settle(address callee, address token, address to, int64 amount) external returns (int64 responseCode) {
        try ICallee(callee).check(7) {} catch Error(string memory reason) {
            emit Skipped(reason);
        }
        (bool ok, bytes memory result) = HTS.call(
            abi.encodeWithSignature("transferToken(address,address,address,int64)", token, address(this), to, amount)
        );
        responseCode = ok ? abi.decode(result, (int64)) : UNKNOWN;
        require(responseCode == SUCCESS, "Treasury: transfer failed");
        emit Settled(token, to, amount);
    }

    /// Sends HBAR to the token service's address, which the node refuses by halting the call.
    function tip() external payable returns (bool ok) {
        (ok, ) = HTS.call{value: msg.value}("");
    }
}
