// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Another team's contract: deployed and verified on the verification server, but absent from the sample
/// workspace's build output (the `verified-only` case, for verified sources).
contract Grants {
    event Granted(address indexed to, uint256 amount);

    mapping(address => uint256) public credit;
    uint256 public granted;

    function grant(address to, uint256 amount) external returns (uint256) {
        credit[to] += amount;
        granted += amount;
        emit Granted(to, amount);
        return credit[to];
    }
}
