// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import "./Child.sol";

/// One CREATE and one CREATE2 in the same transaction.
contract Factory {
    event Deployed(address child, bool salted);

    function deployBoth(uint256 value, bytes32 salt) external returns (address created, address salted) {
        created = address(new Child(value));
        emit Deployed(created, false);
        salted = address(new Child{salt: salt}(value + 1));
        emit Deployed(salted, true);
    }
}
