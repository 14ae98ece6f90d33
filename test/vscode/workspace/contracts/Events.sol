// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// LOG3 (two indexed arguments), LOG1 and LOG0.
contract Events {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Note(string text);

    function emitAll(address to, uint256 value) external {
        emit Transfer(msg.sender, to, value);
        emit Note("hello from Events");
        assembly {
            log0(0, 0)
        }
    }
}
