// What `weatherview serve` tells Home Assistant too (the birth protocol, the ids, its displays'
// devices, the removal order) lives in HomeAssistantCore; the bridge names it through this module.
@_exported import HomeAssistantCore
