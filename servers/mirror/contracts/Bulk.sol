// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Values too long for the debugger to list at once: a storage array of 150 readings (written when it is deployed,
/// so a trace holds only the slots its call writes), a 150-element array in calldata and copied into memory, and
/// 300 bytes of text as bytes and as a string. The debugger pages the arrays, shows the long values lazily, and opens
/// the memory view on what lives in memory or calldata.
contract Bulk {
    event Filled(uint256 words, uint256 bytesLength, uint256 readingsLength);

    uint256[] internal readings;

    constructor() {
        for (uint256 i = 0; i < 150; i++) readings.push(1000 + i);
    }

    function fill(uint256[] calldata xs, bytes calldata blob) external returns (uint256) {
        readings.push(xs.length);
        readings[120] += xs[120];
        uint256[] calldata tail = xs[10:];
        bytes memory tag = hex"c0ffee";
        uint256[] memory copy = xs;
        bytes memory long = blob;
        string memory note = string(blob);
        emit Filled(copy.length + tail.length, long.length + bytes(note).length, readings.length);
        return copy[120] + readings[120] + tag.length;
    }
}
