import Gtk

/// `win.save-metadata-in-files`: a boolean stateful action bound to the
/// `save-metadata-in-files` key both ways (another process may change the key), which the
/// Store follows. The primary menu's check item and the Preferences switch show it.
@MainActor
enum WriteBackSetting {
    static func action(store: CatalogStore, settings: Settings?) -> Action {
        let key = PersistedState.Key.saveMetadataInFiles
        let isOn = settings?.bool(key) ?? false
        store.savesMetadataInFiles = isOn  // resumes the writes a crash or quit left
        let action = Action(name: "save-metadata-in-files", parameterType: nil, state: Variant(isOn))
        action.onActivate(owner: store) { [unowned action, unowned store] _ in
            let on = !(action.state?.bool ?? false)
            action.state = Variant(on)
            store.savesMetadataInFiles = on
            _ = settings?.set(key, on)
        }
        settings?.onChange(owner: action) { [unowned action, unowned store, weak settings] changed in
            guard changed == key, let on = settings?.bool(key), on != store.savesMetadataInFiles else { return }
            action.state = Variant(on)
            store.savesMetadataInFiles = on
        }
        return action
    }
}
